"""Waveshare RP2040-Zero: tiny board, onboard WS2812 on GP16 (kept as the
status light), so the strip gets its own pin. This build uses one shared
121-LED track (both players in their colours), serpentine in rows of 11
under an 11x11 grid with one spare LED before the first hole. Data only. Imports nothing.

Wiring:
Waveshare RP2040-Zero
  OLED SSD1306 (I2C0, 0x3C): SDA GP4, SCL GP5, 3V3, GND
  Buttons to GND (pull-ups): up GP9, down GP10, left GP11, right GP12,
    A GP13, B GP14
  WS2812 strip, 122 LEDs: DIN <- GP15 via 470 ohm, 5V <- 5V pin, GND;
    1000 uF across the strip's supply. GP16 is the onboard WS2812: not the strip
  Layout: LED 0 is a spare (offset 1), then 121 holes shared by both
    players in an 11 x 11 grid. Holes count left to right on every row;
    the strip snakes: row 1 runs left to right, row 2 right to left, ...
  Power: USB 500 mA; strip estimate kept under 440 mA
"""

NAME = "Waveshare RP2040-Zero"
I2C = {"id": 0, "sda": 4, "scl": 5, "freq": 400000}
OLED = {"address": 0x3C, "width": 128, "height": 64}
BUTTONS = {"up": 9, "down": 10, "left": 11, "right": 12, "a": 13, "b": 14}
# Play a friend by cable: UART0 on GP0 (TX) and GP1 (RX); TX of one board to RX of
# the other both ways, and GND to GND (docs/friend-play.md).
UART = {"id": 0, "tx": 0, "rx": 1, "baud": 115200}
LED_PIN = 15
LAYOUT = {
    "holes": 121,
    "tracks": 1,
    "order": "shared",
    "start": 0,
    "rows": 11,
    "serpentine": True,
    "offset": 1,
}
N_LEDS = 122
POWER = {"limit_ma": 500, "reserve_ma": 60, "ma_per_channel": 20, "idle_ma": 1}
# No gauge: the board has no divider from its 5V input to an ADC pin.
BATTERY = None
STATUS_LED = ("ws2812", 16)
