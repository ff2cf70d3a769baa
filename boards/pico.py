"""Raspberry Pi Pico (RP2040), the default board. Data only. Imports nothing.

Wiring:
Raspberry Pi Pico
  OLED SSD1306 128x64 (I2C0, 0x3C): SDA GP4 (pin 6), SCL GP5 (pin 7),
    VCC 3V3(OUT) (pin 36), GND (pin 38)
  Buttons, each from the GPIO to GND (internal pull-ups, pressed = low):
    up GP10 (pin 14), down GP11 (pin 15), left GP12 (pin 16),
    right GP13 (pin 17), A GP14 (pin 19), B GP15 (pin 20)
  WS2812 strip, 242 LEDs: 121 for player A, then 121 for player B (hole 1
    of A is the first LED; score 0 has no LED)
    DIN <- GP22 (pin 29) through a 470 ohm resistor
    5V  <- VBUS (pin 40), GND <- GND (pin 38); 1000 uF across 5V/GND at the strip
    WS2812 wants DIN >= 0.7 x 5 V: short leads usually work from 3.3 V;
    a 74AHCT125 level shifter makes it sure
  Short board (LAYOUT_61): 124 LEDs: A's start LED, A's holes 1..61, then
    B's start LED and holes 1..61
  Battery: 3 AA cells (4.5 V) into VSYS (pin 39) through a Schottky diode,
    minus to GND; the strip's 5V from VSYS too. The gauge reads VSYS on GP29
    (ADC 3, the Pico's own divider)
  Power: USB gives 500 mA; the firmware keeps the strip's estimate under
    440 mA (500 less 60 for the Pico and the OLED)
"""

NAME = "Raspberry Pi Pico"
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
# The short board: 61 holes a side (a 121 game goes round twice) with a start
# LED per side for score 0: 2 x 62 LEDs. Pass it to Pegboard instead of LAYOUT.
LAYOUT_61 = {
    "holes": 61,
    "tracks": 2,
    "order": "chain",
    "start": 1,
    "rows": 0,
    "serpentine": False,
    "offset": 0,
}
N_LEDS_61 = 124
POWER = {"limit_ma": 500, "reserve_ma": 60, "ma_per_channel": 20, "idle_ma": 1}
# The battery gauge: VSYS through the Pico's own 200k/100k divider on GP29
# (ADC 3); thresholds for 3 AA alkaline cells on VSYS (1.5 V a cell full,
# 1.1 V empty). On USB, VSYS is about 4.7-5 V: the gauge shows full.
BATTERY = {
    "adc": 29,
    "divider": 3,
    "full_mv": 4500,
    "empty_mv": 3300,
    "warn_mv": 3600,
    "critical_mv": 3400,
}
STATUS_LED = ("pin", 25)
