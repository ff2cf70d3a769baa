"""The play mode: a match against the computer (``screen``, the play of the
cards; the table it shows, ``table`` and ``draw``; the pages over it,
``cut``, ``show`` and ``game_over``). Imports nothing."""
