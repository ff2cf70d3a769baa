"""CircuitPython only: the opt-in direct display path of the CircuitPython
backend (``firmware.hw.cp.make`` with ``display="direct"``): our SSD1306
driver (firmware/hw/ssd1306.py, the one the MicroPython backend uses)
straight on ``busio.I2C``. ``I2CBus`` gives the driver the ``writeto`` /
``writevto`` it calls; ``display`` builds the driver and its frame buffer.
Loaded only when the direct path is chosen (the displayio path never pays
for it). Split out of firmware/hw/cp.py (house rule 13.1: one job a module),
unchanged.

Imports nothing itself (the driver module and framebuf are passed in by
``make``).
"""


class I2CBus:
    """``busio.I2C`` as the SSD1306 driver (firmware/hw/ssd1306.py, shared
    with MicroPython) calls it: ``writeto`` and ``writevto``, each taking and
    releasing the bus lock. ``writevto`` copies its parts into one buffer
    made once (a control byte and a page) and sends it with ``end=``; a whole
    frame goes as eight such transfers. Bus errors are OSError, as the
    driver expects."""

    def __init__(self, i2c, size=129):
        self._i2c = i2c
        self._tx = bytearray(size)

    def _lock(self):
        i2c = self._i2c
        n = 0
        while not i2c.try_lock():
            n += 1
            if n > 10000:
                raise OSError(16, "I2C bus busy")

    def writeto(self, address, buf):
        self._lock()
        try:
            self._i2c.writeto(address, buf)
        except RuntimeError as e:
            raise OSError(5, str(e))
        finally:
            self._i2c.unlock()

    def writevto(self, address, parts):
        # parts: the control byte, then the data; data longer than the buffer
        # (a whole frame) goes in buffer-sized transfers, each with the
        # control byte again: the panel carries on where the last one ended
        tx = self._tx
        room = len(tx)
        head = parts[0]
        h = len(head)
        tx[0:h] = head
        self._lock()
        try:
            for part in parts[1:]:
                m = len(part)
                if m <= room - h:
                    tx[h : h + m] = part
                    self._i2c.writeto(address, tx, end=h + m)
                    continue
                view = memoryview(part)
                i = 0
                while i < m:
                    k = min(room - h, m - i)
                    tx[h : h + k] = view[i : i + k]
                    self._i2c.writeto(address, tx, end=h + k)
                    i += k
        except RuntimeError as e:
            raise OSError(5, str(e))
        finally:
            self._i2c.unlock()


def display(ssd1306, i2c, address, width, height, framebuf):
    """Our SSD1306 driver straight on the I2C bus, drawing through
    ``framebuf`` (firmware.hw.cp_fb on CircuitPython); None when the panel
    does not answer its power-up sequence."""
    d = ssd1306.SSD1306(I2CBus(i2c, 1 + width), address, width, height)
    if not d._ready:
        return None
    d.fb = framebuf.FrameBuffer(d.buf, width, height, framebuf.MONO_VLSB)
    return d
