"""The network layer: the UECda tournament bridge (``uecda``).

Nothing here imports pygame; nothing listens beyond loopback unless asked.
"""
