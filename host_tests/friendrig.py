"""The friend mode's tests' rig: the in-memory link between two apps' table
sides is tools/memlink.py's ``MemLink``, shared by test_friend_screen and
test_friend_power. Portable (CPython and MicroPython). Not a test module.
Imports tools/memlink.py."""

from memlink import MemLink  # noqa: F401  the tests' link
