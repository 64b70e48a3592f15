"""Lessons: the guided first game and a short lesson per preset, played at the table from a script.

A lesson is data (``script.Lesson``): fixed deals and a script of steps,
each saying one thing, pointing at one thing and waiting for one input, with
the computers' moves between them.  ``session.LessonSession`` plays one at the
table; ``catalog.LESSONS`` lists them in the order the lessons screen shows.
"""
