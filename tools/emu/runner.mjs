// The Node.js half of the project's emulated Raspberry Pi Pico (tools/emu/pico.py starts it):
// loads a flash image (firmware with its filesystem already in place) and the RP2040 boot ROM
// into rp2040js, runs core 0 until the harness prints its end line, copies UART0 to stdout and
// ends with a summary line on stderr. Imports rp2040js only.
//
//   node runner.mjs --flash FLASH.bin --bootrom ROM.bin --fs-offset N --fs-size N
//        [--out-fs OUT.img] [--max-emu-s S] [--quiet-s S] [--bootsel-released]
//        [--i2c-oled OUT.pbm] [--usb-console] [--adc CH=MV[,CH=MV...]]
//
// --adc: the voltage (mV, 0..3300) the ADC reads on a channel (0-3: GP26-GP29, 4: the
// temperature sensor); rp2040js reads 0 on every channel otherwise. A Pico's VSYS is
// channel 3 through its 200k/100k divider: 4.5 V there is --adc 3=1500.
//
// Exit status: the script's (from the harness line "__H__ end rc=N"), 124 at the emulated time
// limit, 3 when the firmware does what the emulator cannot (core 1, an unknown breakpoint),
// 2 for bad arguments or no console output at all within --quiet-s emulated seconds.
import fs from 'fs';
import { Simulator, ConsoleLogger, LogLevel, USBCDC } from 'rp2040js';

const HZ = 125e6; // rp2040js runs the core at a fixed 125 MHz
const NS_PER_CYCLE = 1e9 / HZ;

function parseArgs(argv) {
  const flags = new Set(['bootsel-released', 'usb-console']);
  const got = {};
  for (let i = 0; i < argv.length; i++) {
    const name = argv[i].replace(/^--/, '');
    if (flags.has(name)) got[name] = true;
    else got[name] = argv[++i];
  }
  for (const need of ['flash', 'bootrom', 'fs-offset', 'fs-size']) {
    if (got[need] === undefined) {
      process.stderr.write(`runner.mjs: --${need} is required\n`);
      process.exit(2);
    }
  }
  return got;
}

const args = parseArgs(process.argv.slice(2));
const fsOffset = Number(args['fs-offset']);
const fsSize = Number(args['fs-size']);
const limitNs = Number(args['max-emu-s'] ?? 1200) * 1e9;
const quietNs = Number(args['quiet-s'] ?? 60) * 1e9;

const sim = new Simulator();
const mcu = sim.rp2040;
for (const pair of (args.adc ?? '').split(',').filter((p) => p)) {
  const [ch, mv] = pair.split('=').map(Number);
  if (!(ch >= 0 && ch <= 4) || !(mv >= 0 && mv <= 3300)) {
    process.stderr.write(`runner.mjs: --adc wants CH=MV (channel 0-4, 0-3300 mV), got ${pair}\n`);
    process.exit(2);
  }
  mcu.adc.channelValues[ch] = Math.round((mv * 4095) / 3300); // 12 bits, 3.3 V reference
}
// The RESETS block putting I2C0 (bit 3) or I2C1 (bit 4) in reset disables it, as on the chip:
// rp2040js keeps the controller's IC_ENABLE, and a firmware that resets the block to let the
// bus go (CircuitPython's busio.I2C.deinit before a reload) then finds it "in use".
const resets = mcu.peripherals[0x4000c];
const resetsWrite = resets.writeUint32.bind(resets);
resets.writeUint32 = (offset, value) => {
  if (offset === 0) {
    for (const n of [0, 1]) {
      if (value & (1 << (3 + n))) mcu.i2c[n].enable = 0;
    }
  }
  resetsWrite(offset, value);
};
const rom = new Uint32Array(new Uint8Array(fs.readFileSync(args.bootrom)).buffer);
mcu.loadBootrom(rom);
mcu.logger = new ConsoleLogger(LogLevel.Error); // the debug level logs every SEV: far too slow
mcu.flash.set(fs.readFileSync(args.flash), 0);

let finished = false;
let status = 0;
const stop = (code) => {
  if (!finished) { finished = true; status = code; }
};

// ---- the console to stdout, in chunks; the harness's end line stops the run with its status.
// The console is UART0, or with --usb-console whichever of UART0 and a USB serial port (a host
// that enumerates the Pico's USB CDC device) sends first: a firmware may have either or both.
const pending = [];
let seenOutput = false;
let current = '';
let consoleSource = null;
const flush = (then) => {
  const buf = Buffer.from(pending);
  pending.length = 0;
  if (then) process.stdout.write(buf, then);
  else if (buf.length) process.stdout.write(buf);
};
function consoleByte(source, byte) {
  if (consoleSource === null) consoleSource = source;
  if (source !== consoleSource) return;
  seenOutput = true;
  pending.push(byte);
  if (byte === 0x0a) {
    const end = /__H__ end rc=(\d+)/.exec(current);
    if (end) stop(Number(end[1]));
    current = '';
    if (pending.length >= 4096) flush();
  } else if (byte !== 0x0d && current.length < 400) {
    current += String.fromCharCode(byte);
  }
}
mcu.uart[0].onByte = (byte) => consoleByte('uart', byte);
if (args['usb-console']) {
  const cdc = new USBCDC(mcu.usbCtrl);
  cdc.onSerialData = (bytes) => { for (const b of bytes) consoleByte('usb', b); };
}

// ---- the UART's TX interrupt: rp2040js raises it on every register access, so a driver that
// acknowledges it and keeps it enabled never leaves its handler. Raise it once per byte sent
// instead (the emulated TX FIFO empties at once).
const TX_INT = 1 << 5;
for (const uart of mcu.uart) {
  uart.checkInterrupts = function () {
    this.rp2040.setInterrupt(this.irq, (this.interruptStatus & this.interruptMask) !== 0);
  };
  const writeRegister = uart.writeUint32.bind(uart);
  uart.writeUint32 = function (offset, value) {
    writeRegister(offset, value);
    if (offset === 0) { // the data register: one byte out
      this.interruptStatus |= TX_INT;
      this.checkInterrupts();
    }
  };
}

// ---- flash writes: rp2040js has no model of the flash chip's erase and program commands, so
// the boot ROM's flash_range_erase ("RE") and flash_range_program ("RP") start with a breakpoint
// whose handler does the work on the flash array and returns to the caller, in no emulated time.
const half = (addr) => (rom[addr >>> 2] >>> ((addr & 2) << 3)) & 0xffff;
function romFunction(tag) {
  const code = tag.charCodeAt(0) | (tag.charCodeAt(1) << 8);
  for (let entry = half(0x14); half(entry) !== 0; entry += 4) {
    if (half(entry) === code) return half(entry + 2) & ~1;
  }
  throw new Error(`the boot ROM has no function ${tag}`);
}
const handlers = new Map();
const ops = { erase: 0, program: 0 };
function replaceWithBreakpoint(tag, handler) {
  const addr = romFunction(tag);
  const word = addr >>> 2;
  const shift = (addr & 2) << 3;
  mcu.bootrom[word] = (mcu.bootrom[word] & ~(0xffff << shift)) | (0xbe01 << shift); // BKPT #1
  handlers.set(addr, handler);
}
replaceWithBreakpoint('RE', (r) => {
  const start = r[0] >>> 0;
  mcu.flash.fill(0xff, start, start + (r[1] >>> 0));
  ops.erase++;
});
replaceWithBreakpoint('RP', (r) => {
  const start = r[0] >>> 0;
  const from = r[1] >>> 0;
  const count = r[2] >>> 0;
  for (let i = 0; i < count; i++) mcu.flash[start + i] &= mcu.readUint8(from + i); // NOR: 1 -> 0 only
  ops.program++;
});
mcu.onBreak = (code) => {
  const core = mcu.core;
  const at = (core.PC - 2) & ~1;
  const handler = handlers.get(at);
  if (handler === undefined) {
    flush();
    process.stderr.write(`\n[emu] breakpoint ${code} at 0x${at.toString(16)}: stopping\n`);
    stop(3);
    return;
  }
  handler(core.registers);
  core.PC = core.LR & ~1;
};

// ---- SIO: core 1 is not emulated (its start goes through the inter-core FIFO: stop there);
// the BOOTSEL button (QSPI_SS, GPIO_HI_IN bit 1), which rp2040js reads as pressed, can read
// as released; GPIO_IN shows the I2C lines as the bus has them (below).
const SIO_GPIO_IN = 0x04;
const SIO_GPIO_HI_IN = 0x08;
const SIO_FIFO = new Set([0x50, 0x54, 0x58]);
const sioRead = mcu.sio.readUint32.bind(mcu.sio);
const sioWrite = mcu.sio.writeUint32.bind(mcu.sio);
function noCore1() {
  flush();
  if (!finished) {
    process.stderr.write('\n[emu] the firmware started core 1, which rp2040js does not emulate: stopping\n');
  }
  stop(3);
}

// ---- an SSD1306 128x64 at 0x3C on I2C0 (SDA GP4, SCL GP5, pulled up), with --i2c-oled: the
// hardware I2C block's transfers, and the bit-banged address probes CircuitPython makes
// through SIO (busio.I2C's pull-up check and its 0-byte writes). Commands: the addressing
// ones (memory mode, column and page ranges, page start, column nibbles); data lands in
// the 128x8-page picture. Other addresses are not acknowledged.
const OLED = 0x3c;
const SDA = 4;
const SCL = 5;
const oled = args['i2c-oled'] ? makeOled() : null;

function makeOled() {
  const ram = new Uint8Array(128 * 8);
  const stats = { transfers: 0, bytes: 0, commands: 0, data: 0, probes: 0, nacks: 0 };
  const argCounts = { 0x20: 1, 0x21: 2, 0x22: 2, 0x81: 1, 0x8d: 1, 0xa8: 1, 0xd3: 1, 0xd5: 1,
    0xd9: 1, 0xda: 1, 0xdb: 1, 0x26: 6, 0x27: 6, 0x29: 5, 0x2a: 5, 0xa3: 2 };
  const win = { c0: 0, c1: 127, p0: 0, p1: 7, col: 0, page: 0 };
  let command = null;
  let params = [];
  let expect = 'control'; // 'control', then 'command' or 'data'; continuation after Co=0
  let stream = false;

  function onCommand(b) {
    if (command !== null) {
      params.push(b);
      if (params.length < argCounts[command]) return;
      if (command === 0x21) { win.c0 = params[0] & 127; win.c1 = params[1] & 127; win.col = win.c0; }
      if (command === 0x22) { win.p0 = params[0] & 7; win.p1 = params[1] & 7; win.page = win.p0; }
      command = null;
      return;
    }
    if (b < 0x10) win.col = (win.col & 0x70) | b;
    else if (b < 0x20) win.col = ((b & 0x07) << 4) | (win.col & 0x0f);
    else if (b >= 0xb0 && b <= 0xb7) win.page = b - 0xb0;
    else if (argCounts[b]) { command = b; params = []; }
  }
  function onData(b) {
    ram[win.page * 128 + win.col] = b;
    win.col += 1;
    if (win.col > win.c1) {
      win.col = win.c0;
      win.page = win.page >= win.p1 ? win.p0 : win.page + 1;
    }
  }
  function onByte(b) {
    stats.bytes++;
    if (expect === 'control') {
      expect = b & 0x40 ? 'data' : 'command';
      stream = (b & 0x80) === 0; // Co = 0: every byte after this one is of that kind
      return;
    }
    if (expect === 'data') { onData(b); stats.data++; } else { onCommand(b); stats.commands++; }
    if (!stream) expect = 'control';
  }
  function picture() {
    let text = 'P1\n128 64\n';
    for (let y = 0; y < 64; y++) {
      const row = [];
      for (let x = 0; x < 128; x++) row.push((ram[(y >> 3) * 128 + x] >> (y & 7)) & 1);
      text += row.join('') + '\n';
    }
    return text;
  }
  return { stats, onByte, picture, start() { expect = 'control'; stream = false; } };
}

// the bus lines as bit-banged through SIO: a pin pulls low when its output is enabled and low
const released = (pin) => !(mcu.gpio[pin].outputEnable && !mcu.gpio[pin].outputValue);
const probe = { scl: true, sda: true, bits: -1, byte: 0, holdLow: false, acked: false, first: false };
function followBus() {
  const scl = released(SCL);
  const sda = released(SDA) && !probe.holdLow;
  if (scl && probe.scl && probe.sda && !sda && !probe.holdLow) { // START
    probe.bits = 0; probe.byte = 0; probe.acked = false; probe.first = true;
  } else if (scl && probe.scl && !probe.sda && sda) { // STOP
    probe.bits = -1; probe.holdLow = false;
  } else if (scl && !probe.scl && probe.bits >= 0 && probe.bits < 8) { // a bit clocked in
    probe.byte = (probe.byte << 1) | (sda ? 1 : 0);
    probe.bits++;
  } else if (!scl && probe.scl && probe.bits === 8) { // after the 8th bit: acknowledge?
    if (probe.first) { // the address byte decides for the whole transfer
      probe.acked = (probe.byte >> 1) === OLED;
      probe.first = false;
      if (probe.acked) oled.stats.probes++;
    }
    probe.holdLow = probe.acked;
    probe.bits = 9;
  } else if (!scl && probe.scl && probe.bits === 9) { // the ACK clock is over
    probe.holdLow = false;
    probe.bits = 0; probe.byte = 0;
  }
  probe.scl = scl;
  probe.sda = released(SDA) && !probe.holdLow;
}

mcu.sio.readUint32 = (offset) => {
  if (SIO_FIFO.has(offset)) { noCore1(); return 0; }
  if (offset === SIO_GPIO_HI_IN && args['bootsel-released']) return sioRead(offset) | 2;
  if (offset === SIO_GPIO_IN && oled) {
    followBus();
    let value = sioRead(offset);
    value = released(SCL) ? value | (1 << SCL) : value & ~(1 << SCL);
    value = released(SDA) && !probe.holdLow ? value | (1 << SDA) : value & ~(1 << SDA);
    return value >>> 0;
  }
  return sioRead(offset);
};
mcu.sio.writeUint32 = (offset, value) => {
  if (SIO_FIFO.has(offset)) { noCore1(); return; }
  sioWrite(offset, value);
  if (oled && offset >= 0x10 && offset <= 0x3c) followBus(); // GPIO_OUT / GPIO_OE and aliases
};

if (oled) {
  const bus = mcu.i2c[0];
  bus.onConnect = (address) => {
    const mine = address === OLED;
    if (mine) { oled.stats.transfers++; oled.start(); } else oled.stats.nacks++;
    bus.completeConnect(mine);
  };
  bus.onWriteByte = (b) => { oled.onByte(b); bus.completeWrite(true); };
  bus.onReadByte = () => bus.completeRead(0);
  mcu.gpio[SDA].setInputValue(true); // the pull-ups
  mcu.gpio[SCL].setInputValue(true);
}

// ---- each distinct rp2040js warning at most three times
const counts = new Map();
for (const level of ['warn', 'error']) {
  const original = console[level].bind(console);
  console[level] = (...words) => {
    const key = String(words[0]).slice(0, 160);
    const n = (counts.get(key) ?? 0) + 1;
    if (counts.size < 500 || counts.has(key)) counts.set(key, n);
    if (n <= 3) original(...words);
    if (n === 3) original('[emu] (that message is not shown again)');
  };
}

// ---- run core 0 in slices, sleeping (WFI/WFE) jumps to the next timer alarm
const clock = sim.clock;
const started = Date.now();
mcu.core.PC = 0x10000000;
function slice() {
  for (let n = 0; n < 4e6 && !finished; n++) {
    if (mcu.core.waiting) {
      const ns = clock.nanosToNextAlarm;
      clock.tick(ns);
      n += ns / NS_PER_CYCLE;
    } else {
      clock.tick(mcu.core.executeInstruction() * NS_PER_CYCLE);
    }
  }
  flush();
  if (!finished && !seenOutput && clock.nanos > quietNs) {
    const where = args['usb-console'] ? 'UART0 or USB' : 'UART0';
    process.stderr.write(`\n[emu] no output on ${where} in ${quietNs / 1e9} emulated s: ` +
      `the firmware does not boot here or its console is not on ${where}\n`);
    stop(2);
  }
  if (!finished && clock.nanos > limitNs) {
    process.stderr.write('\n[emu] emulated time limit reached\n');
    stop(124);
  }
  if (!finished) { setImmediate(slice); return; }
  if (args['out-fs']) fs.writeFileSync(args['out-fs'], mcu.flash.subarray(fsOffset, fsOffset + fsSize));
  const lines = [];
  if (oled) {
    fs.writeFileSync(args['i2c-oled'], oled.picture());
    const s = oled.stats;
    lines.push(`[emu] i2c-oled 0x3c: ${s.transfers} write transfers, ${s.bytes} bytes ` +
      `(${s.commands} command, ${s.data} data), ${s.probes} probes ACKed, ` +
      `${s.nacks} other addresses NACKed; screen written to ${args['i2c-oled']}`);
  }
  const wall = (Date.now() - started) / 1000;
  lines.push(`[emu] emulated time ${(clock.nanos / 1e9).toFixed(3)} s (boot+script), ` +
    `host wall ${wall.toFixed(1)} s, ${(mcu.core.cycles / 1e6).toFixed(1)} M cycles, ` +
    `flash erase/program ops ${ops.erase}/${ops.program}`);
  flush(() => process.stderr.write(lines.join('\n') + '\n', () => process.exit(status)));
}
slice();
