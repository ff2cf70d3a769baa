"""Tiny test runner for the MicroPython unix port (pytest does not run there).

    micropython host_tests/mp_runner.py test_score test_game ...

Imports each named module from host_tests/, calls every ``test_*`` function,
prints one line per failure and ends with 'N passed, N failed'; exit status 1
when anything failed. The same modules run under pytest on CPython.
"""

import sys

sys.path.insert(0, "tools/bench")  # tools/bench/app_driver.py
sys.path.insert(0, "tools")  # tools/driver.py (tools never import tests)
sys.path.insert(0, "host_tests")
sys.path.insert(0, ".")


def main(names):
    passed = 0
    failed = 0
    for name in names:
        module = __import__(name)
        for attr in sorted(dir(module)):
            if not attr.startswith("test_"):
                continue
            fn = getattr(module, attr)
            try:
                fn()
                passed += 1
            except Exception as e:  # report and go on: every failure is listed
                failed += 1
                print("FAIL %s.%s: %s %s" % (name, attr, type(e).__name__, e))
                sys.print_exception(e)
    print("%d passed, %d failed" % (passed, failed))
    return failed


if __name__ == "__main__":
    sys.exit(1 if main(sys.argv[1:]) else 0)
