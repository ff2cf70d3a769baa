"""CircuitPython only: installed as ``boot.py`` on the CIRCUITPY drive by
``tools/deploy.py --target cp``. Runs once at power-up or reset, before
code.py, and decides who may write the drive (CircuitPython allows only one
writer at a time):

  normal start      the drive is remounted writable for the game, so saves are
                    files in /data (crash-safe record files); the PC then sees
                    CIRCUITPY as read-only
  B held at reset   the drive is left to the PC (to copy a new version, edit
                    files); the game then runs without saves and says so
                    (firmware/hw/cp.py says why not in microcontroller.nvm)

Reads the board name from board.txt and the B button's GPIO from boards/.
Any failure leaves the drive to the PC, never stops the board from starting.
Imports ``storage``, ``digitalio``, ``microcontroller``, ``boards``.
"""


def b_held():
    import digitalio
    import microcontroller

    import boards

    try:
        with open("board.txt") as f:
            name = f.read().strip() or boards.DEFAULT
    except OSError:
        name = boards.DEFAULT
    gpio = boards.load(name).BUTTONS["b"]
    pin = digitalio.DigitalInOut(getattr(microcontroller.pin, "GPIO%d" % gpio))
    pin.switch_to_input(pull=digitalio.Pull.UP)
    held = not pin.value  # pressed pulls the pin low
    pin.deinit()
    return held


def main():
    import storage

    try:
        if b_held():
            print(
                "boot.py: B held, CIRCUITPY stays writable for the PC; the game runs without saves"
            )
            return
        storage.remount("/", readonly=False)
        print("boot.py: CIRCUITPY writable for the game; hold B at reset to edit from the PC")
    except Exception as e:  # never keep the board from starting
        print("boot.py: drive left to the PC (%s)" % e)


main()
