"""The network layer: the UECda tournament bridge (``uecda``) and play with friends (``friends``).

Nothing here imports pygame; nothing listens beyond loopback unless asked.
"""
