"""Network play with friends: a table hosted on one computer (or a server), joined from the others' copies.

* ``messages``: the versioned messages, their JSON codec and the checks of every field;
* ``views``: what one seat may know, built with the engine (``observe``, ``visible_to``);
* ``table``: a hosted table: seats, the match through ``MatchRunner``, drops and returns, timers;
* ``server``: the asyncio WebSocket server hosting tables by code, with caps on connections, rates and guesses
  (``python -m game.network.friends serve --port N``);
* ``client``: a connection in a background thread the frame loop polls;
* ``discovery``: tables advertised and found on the local network (zeroconf).

The protocol is ``docs/network.md``.  Nothing here imports pygame.
"""
