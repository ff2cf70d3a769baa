"""Raspberry Pi Pico 2 (RP2350): the Pico's pinout, so the Pico's wiring.
Data only. Imports nothing.

Wiring:
Raspberry Pi Pico 2 (RP2350): same pins as the Pico
  OLED SSD1306 (I2C0, 0x3C): SDA GP4 (pin 6), SCL GP5 (pin 7), 3V3, GND
  Buttons to GND (pull-ups): up GP10, down GP11, left GP12, right GP13,
    A GP14, B GP15
  WS2812 strip, 242 LEDs (A's 121 holes, then B's): DIN <- GP22 via 470 ohm,
    5V <- VBUS (pin 40), GND; 1000 uF across the strip's supply
  Battery: 3 AA cells into VSYS (pin 39) through a Schottky diode; gauge on
    GP29 (ADC 3) as on the Pico
  Power: USB 500 mA; strip estimate kept under 440 mA
"""

NAME = "Raspberry Pi Pico 2"
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
POWER = {"limit_ma": 500, "reserve_ma": 60, "ma_per_channel": 20, "idle_ma": 1}
# The battery gauge: VSYS through the Pico 2's own 200k/100k divider on GP29
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
