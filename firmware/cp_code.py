"""CircuitPython only: installed as ``code.py`` on the CIRCUITPY drive by
``tools/deploy.py --target cp``: starts the app (``firmware.main`` picks the
``cp`` backend and reads the board name from board.txt). Imports
``firmware.main``."""

import firmware.main

firmware.main.main()
