"""Recording fake of CircuitPython's ``storage`` (tests only)."""

remounts = []


def remount(mount_path, readonly=False, *, disable_concurrent_write_protection=False):
    remounts.append((mount_path, readonly))
