"""Raspberry Pi Pico W: the Pico's pins; GP23, GP24, GP25 and GP29 belong to
the wireless chip, and the onboard LED hangs off it ("LED"). Data only. Imports nothing.

Wiring:
Raspberry Pi Pico W (same header as the Pico)
  OLED SSD1306 (I2C0, 0x3C): SDA GP4 (pin 6), SCL GP5 (pin 7), 3V3, GND
  Buttons to GND (pull-ups): up GP10, down GP11, left GP12, right GP13,
    A GP14, B GP15
  WS2812 strip, 242 LEDs (A's 121 holes, then B's): DIN <- GP22 via 470 ohm,
    5V <- VBUS (pin 40), GND; 1000 uF across the strip's supply
  Do not use GP23/24/25/29: the wireless chip owns them
  Power: USB 500 mA; 100 mA kept for the board (radio) and OLED, so the
    strip estimate stays under 400 mA
"""

NAME = "Raspberry Pi Pico W"
I2C = {"id": 0, "sda": 4, "scl": 5, "freq": 400000}
OLED = {"address": 0x3C, "width": 128, "height": 64}
BUTTONS = {"up": 10, "down": 11, "left": 12, "right": 13, "a": 14, "b": 15}
# Play a friend by cable: UART0 on GP0 (TX) and GP1 (RX); TX of one board to RX of
# the other both ways, and GND to GND (docs/friend-play.md).
UART = {"id": 0, "tx": 0, "rx": 1, "baud": 115200}
LED_PIN = 22
LAYOUT = {
    "holes": 121,
    "tracks": 2,
    "order": "chain",
    "start": 0,
    "rows": 0,
    "serpentine": False,
    "offset": 0,
}
N_LEDS = 242
POWER = {"limit_ma": 500, "reserve_ma": 100, "ma_per_channel": 20, "idle_ma": 1}
# No gauge: GP29 (VSYS/3) is shared with the wireless chip's SPI clock and
# cannot be read while the radio driver owns it.
BATTERY = None
STATUS_LED = ("pin", "LED")
