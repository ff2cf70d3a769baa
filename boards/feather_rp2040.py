"""Adafruit Feather RP2040. Data only. Imports nothing. The Feather's D-numbers are not GPIO
numbers: D4=GP6, D5=GP7, D6=GP8, D9..D12=GP9..GP12, D13=GP13 (red LED),
onboard NeoPixel GP16, STEMMA QT / SDA-SCL on GP2/GP3 (I2C1).

Wiring:
Adafruit Feather RP2040
  OLED SSD1306 (0x3C) on the STEMMA QT socket, or SDA (GP2), SCL (GP3),
    3V, GND: I2C1
  Buttons to GND (pull-ups): up D5 (GP7), down D6 (GP8), left D9 (GP9),
    right D10 (GP10), A D11 (GP11), B D12 (GP12)
  WS2812 strip, 242 LEDs (A's 121 holes, then B's): DIN <- D4 (GP6) via
    470 ohm, 5V <- USB pin, GND; 1000 uF across the strip's supply
  The onboard NeoPixel (GP16) stays the status light; D13 is the red LED
  Battery gauge: two 100 kohm resistors in series from BAT to GND, their
    middle to A3 (GP29)
  Power: USB 500 mA; strip estimate kept under 440 mA. On battery (BAT,
    3.7 V) lower limit_ma: WS2812s dim and shift colour below ~4 V
"""

NAME = "Adafruit Feather RP2040"
I2C = {"id": 1, "sda": 2, "scl": 3, "freq": 400000}
OLED = {"address": 0x3C, "width": 128, "height": 64}
BUTTONS = {"up": 7, "down": 8, "left": 9, "right": 10, "a": 11, "b": 12}
# Play a friend by cable: UART0 on GP0 (TX) and GP1 (RX); TX of one board to RX of
# the other both ways, and GND to GND (docs/friend-play.md).
UART = {"id": 0, "tx": 0, "rx": 1, "baud": 115200}
LED_PIN = 6
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
POWER = {"limit_ma": 500, "reserve_ma": 60, "ma_per_channel": 20, "idle_ma": 1}
# The gauge: the LiPo's BAT pin through two 100 kohm resistors (BAT - A3 -
# GND; the Feather RP2040 has no divider of its own) on A3 = GP29. LiPo
# thresholds: 4.2 V full, 3.3 V empty. On USB the charger holds BAT at 4.2 V.
BATTERY = {
    "adc": 29,
    "divider": 2,
    "full_mv": 4200,
    "empty_mv": 3300,
    "warn_mv": 3500,
    "critical_mv": 3350,
}
STATUS_LED = ("ws2812", 16)
