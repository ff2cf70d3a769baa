"""Quick start: play the computer on the simulated device.

    python3 tools/play.py [simulator options, see --help]

Sets up .venv with the pinned requirements on first run, then starts the
simulator (tools/sim.py): the very same app as on the handheld, with the OLED
drawn in the terminal and the LED pegboard beside it.
"""

import os
import sys

HERE = os.path.dirname(os.path.abspath(__file__))
sys.path.insert(0, HERE)
import bootstrap  # noqa: E402

if __name__ == "__main__":
    bootstrap.ensure(needed=False)  # it plays without them; screenshots need Pillow
    os.chdir(bootstrap.ROOT)
    sys.path.insert(0, bootstrap.ROOT)
    import sim

    sys.exit(sim.main(sys.argv[1:]))
