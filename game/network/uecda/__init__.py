"""The UECda computer-Daihinmin tournament protocol (version 20070).

* ``protocol``: tables, cards and state rows in tables, socket I/O with timeouts;
* ``client``: one of our players at a UECda server (``python -m game.network.uecda client``);
* ``server``: a UECda-compatible server on our engine (``python -m game.network.uecda server``);
* ``external``: ``ExternalPlayer``, a tournament program at our desktop table;
* ``seat``: the server side of the conversation, shared by the server and the external seat;
* ``shadow``: the client's mirror of the server's game, from which our players observe.

Nothing here imports pygame; nothing listens beyond loopback unless asked.
"""
