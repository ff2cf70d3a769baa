"""Run every test: pytest under CPython, which also runs the portable test
modules under the MicroPython unix port. Sets up .venv first.

    python3 tools/test.py            # everything, slow exhaustive tests too
    python3 tools/test.py -m "not slow" -x   # any pytest arguments
"""

import os
import sys

sys.path.insert(0, os.path.dirname(os.path.abspath(__file__)))
import bootstrap  # noqa: E402

if __name__ == "__main__":
    bootstrap.ensure()
    os.chdir(bootstrap.ROOT)
    import pytest

    sys.exit(pytest.main(sys.argv[1:]))
