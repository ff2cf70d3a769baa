"""An independent model of an SSD1306 panel for the tests: feed it the I2C
transactions a driver wrote to the panel's address and it keeps the display
RAM and settings the way the datasheet describes them, so a test can look at
the picture a person would see. Written from the SSD1306 datasheet, not from
any driver; shares no code with firmware/hw/. Portable (CPython and
MicroPython). Imports nothing.

I2C framing: each transaction starts with a control byte: Co (bit 7) = 1
means one byte follows and then another control byte; Co = 0 means every
remaining byte of the transaction is of the same kind. D/C# (bit 6) = 1 for
display RAM data, 0 for commands.

Addressing modes (command 0x20): 0 horizontal (column advances, then page,
inside the 0x21/0x22 windows), 1 vertical (page advances, then column),
2 page mode (column advances inside one page; 0xB0-0xB7 pick the page,
0x00-0x0F and 0x10-0x1F the column nibbles). Page mode is the reset state.

What a person sees: on the common 0.96" modules the glass is mounted so that
segment remap on (0xA1) and COM scan remapped (0xC8) show RAM column x at
screen x and RAM row y at screen y; each of the two settings off mirrors its
axis (both off = the picture turned by 180 degrees).
"""

# commands -> how many argument bytes follow them
_ARGS = {
    0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8D: 1, 0xA3: 2, 0xA8: 1, 0xAD: 1,
    0xD3: 1, 0xD5: 1, 0xD9: 1, 0xDA: 1, 0xDB: 1,
    0x26: 6, 0x27: 6, 0x29: 5, 0x2A: 5,
}  # fmt: skip


class Panel:
    def __init__(self, width=128, height=64):
        self.width = width
        self.height = height
        self.pages = height // 8
        self.ram = bytearray(128 * 8)  # page * 128 + column, like the chip's 1 KB
        self.mode = 2
        self.col = 0
        self.page = 0
        self.col_start = 0
        self.col_end = 127
        self.page_start = 0
        self.page_end = 7
        self.on = False
        self.contrast = 0x7F
        self.seg_remap = False
        self.com_remap = False
        self.mux = 63
        self.offset = 0
        self.start_line = 0
        self.charge_pump = False
        self.com_pins = 0x12
        self.inverted = False
        self.all_on = False
        self.scrolling = False
        self.commands = []  # every complete command as a tuple (code, args...)
        self.data_bytes = 0
        self.transactions = 0
        self._pending = None
        self._need = 0

    # ---- I2C ----
    def feed(self, data):
        """One I2C transaction's bytes (after the address)."""
        self.transactions += 1
        i = 0
        n = len(data)
        while i < n:
            control = data[i]
            i += 1
            if control & 0x3F:
                raise ValueError("bad control byte 0x%02x" % control)
            is_data = control & 0x40
            if control & 0x80:  # Co = 1: a single byte, then a new control byte
                if i >= n:
                    raise ValueError("control byte 0x%02x with nothing after it" % control)
                self._byte(data[i], is_data)
                i += 1
            else:
                while i < n:
                    self._byte(data[i], is_data)
                    i += 1

    def feed_all(self, writes, address=0x3C):
        """Every (address, bytes) write meant for ``address``."""
        for addr, data in writes:
            if addr == address:
                self.feed(data)

    def _byte(self, b, is_data):
        if is_data:
            self._data(b)
        else:
            self._command_byte(b)

    # ---- commands ----
    def _command_byte(self, b):
        if self._pending is not None:
            self._pending.append(b)
            if len(self._pending) == self._need + 1:
                cmd = tuple(self._pending)
                self._pending = None
                self._run(cmd)
            return
        need = _ARGS.get(b, 0)
        if need:
            self._pending = [b]
            self._need = need
        else:
            self._run((b,))

    def _run(self, cmd):
        self.commands.append(cmd)
        c = cmd[0]
        if c == 0x20:
            self.mode = cmd[1] & 3
        elif c == 0x21:
            self.col_start = self.col = cmd[1] & 127
            self.col_end = cmd[2] & 127
        elif c == 0x22:
            self.page_start = self.page = cmd[1] & 7
            self.page_end = cmd[2] & 7
        elif c == 0x81:
            self.contrast = cmd[1]
        elif c == 0x8D:
            self.charge_pump = bool(cmd[1] & 0x04)
        elif c == 0xA8:
            self.mux = cmd[1] & 63
        elif c == 0xD3:
            self.offset = cmd[1] & 63
        elif c == 0xDA:
            self.com_pins = cmd[1]
        elif c in (0xAE, 0xAF):
            self.on = c == 0xAF
        elif c in (0xA0, 0xA1):
            self.seg_remap = c == 0xA1
        elif c in (0xC0, 0xC8):
            self.com_remap = c == 0xC8
        elif c in (0xA6, 0xA7):
            self.inverted = c == 0xA7
        elif c in (0xA4, 0xA5):
            self.all_on = c == 0xA5
        elif c == 0x2E:
            self.scrolling = False
        elif c == 0x2F:
            self.scrolling = True
        elif 0x40 <= c <= 0x7F:
            self.start_line = c & 63
        elif 0xB0 <= c <= 0xB7:
            self.page = c & 7
        elif c <= 0x0F:
            self.col = (self.col & 0xF0) | c
        elif c <= 0x1F:
            self.col = (self.col & 0x0F) | ((c & 0x0F) << 4)

    def count(self, code):
        """How many times command ``code`` was received."""
        return sum(1 for cmd in self.commands if cmd[0] == code)

    # ---- display RAM ----
    def _data(self, b):
        self.data_bytes += 1
        self.ram[self.page * 128 + self.col] = b
        if self.mode == 0:
            self.col += 1
            if self.col > self.col_end:
                self.col = self.col_start
                self.page += 1
                if self.page > self.page_end:
                    self.page = self.page_start
        elif self.mode == 1:
            self.page += 1
            if self.page > self.page_end:
                self.page = self.page_start
                self.col += 1
                if self.col > self.col_end:
                    self.col = self.col_start
        else:
            self.col += 1
            if self.col > 127:
                self.col = 0

    def ram_pixel(self, col, row):
        return (self.ram[(row >> 3) * 128 + col] >> (row & 7)) & 1

    def seen(self, x, y):
        """The pixel a person sees at screen (x, y): 1 lit, 0 dark."""
        if self.all_on:
            return 1
        col = x if self.seg_remap else self.width - 1 - x
        row = y if self.com_remap else self.height - 1 - y
        return self.ram_pixel(col, row) ^ (1 if self.inverted else 0)

    def picture(self):
        """The whole screen as a list of rows of '#' and '.'."""
        rows = []
        for y in range(self.height):
            rows.append("".join("#" if self.seen(x, y) else "." for x in range(self.width)))
        return rows
