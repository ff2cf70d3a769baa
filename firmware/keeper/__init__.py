"""The score keeper mode: a real table game scored on the LED board (the
game kept, ``game``; the buttons' actions on it, saved, ``control``; reading
a saved game, ``record``; the screen, ``screen``). Imports nothing."""
