// A small QR code encoder (ISO/IEC 18004) for the sign-in link: byte mode, error correction
// level L or M, versions 1–10 (up to 213 bytes at M), every mask tried and the one with the
// lowest penalty kept. No network, no library: the code is drawn from `modules`.

// Per version (index 1–10) and level: EC codewords per block, then [blocks, data codewords per
// block] for each group (the second group's blocks hold one data codeword more).
const BLOCKS = {
  L: [null, [7, [1, 19]], [10, [1, 34]], [15, [1, 55]], [20, [1, 80]], [26, [1, 108]], [18, [2, 68]],
    [20, [2, 78]], [24, [2, 97]], [30, [2, 116]], [18, [2, 68], [2, 69]]],
  M: [null, [10, [1, 16]], [16, [1, 28]], [26, [1, 44]], [18, [2, 32]], [24, [2, 43]], [16, [4, 27]],
    [18, [4, 31]], [22, [2, 38], [2, 39]], [22, [3, 36], [2, 37]], [26, [4, 43], [1, 44]]],
};

// Centres of the alignment patterns, per version.
const ALIGNMENT = [null, [], [6, 18], [6, 22], [6, 26], [6, 30], [6, 34], [6, 22, 38], [6, 24, 42], [6, 26, 46],
  [6, 28, 50]];

// The two bits of the format information that name the level.
const LEVEL_BITS = { L: 1, M: 0 };

export const MAX_VERSION = 10;

/** a·b in GF(256) modulo x⁸ + x⁴ + x³ + x² + 1 (0x11D). */
function multiply(a, b) {
  let product = 0;
  for (let bit = 7; bit >= 0; bit--) {
    product = (product << 1) ^ ((product >>> 7) * 0x11d);
    product ^= ((b >>> bit) & 1) * a;
  }
  return product;
}

/** The Reed–Solomon generator of `degree`, highest power first without its leading 1. */
export function rsGenerator(degree) {
  const result = new Array(degree).fill(0);
  result[degree - 1] = 1;
  let root = 1;
  for (let i = 0; i < degree; i++) {
    for (let j = 0; j < degree; j++) {
      result[j] = multiply(result[j], root);
      if (j + 1 < degree) result[j] ^= result[j + 1];
    }
    root = multiply(root, 0x02);
  }
  return result;
}

/** The error correction codewords of `data` for the generator `divisor`. */
export function rsRemainder(data, divisor) {
  const result = new Array(divisor.length).fill(0);
  for (const byte of data) {
    const factor = byte ^ result.shift();
    result.push(0);
    divisor.forEach((coefficient, i) => {
      result[i] ^= multiply(coefficient, factor);
    });
  }
  return result;
}

function dataCapacity(version, level) {
  const [, ...groups] = BLOCKS[level][version];
  return groups.reduce((sum, [blocks, data]) => sum + blocks * data, 0);
}

/** The data codewords: mode, count, the bytes, terminator and padding. */
function dataCodewords(bytes, version, level) {
  const capacity = dataCapacity(version, level);
  const bits = [];
  const put = (value, length) => {
    for (let i = length - 1; i >= 0; i--) bits.push((value >>> i) & 1);
  };
  put(0b0100, 4);
  put(bytes.length, version < 10 ? 8 : 16);
  for (const byte of bytes) put(byte, 8);
  put(0, Math.min(4, capacity * 8 - bits.length));
  put(0, (8 - (bits.length % 8)) % 8);
  const codewords = [];
  for (let i = 0; i < bits.length; i += 8) codewords.push(bits.slice(i, i + 8).reduce((byte, bit) => (byte << 1) | bit, 0));
  for (let pad = 0xec; codewords.length < capacity; pad ^= 0xec ^ 0x11) codewords.push(pad);
  return codewords;
}

/** Splits into blocks, adds each block's EC codewords, and interleaves them. */
function interleaved(data, version, level) {
  const [eccLength, ...groups] = BLOCKS[level][version];
  const divisor = rsGenerator(eccLength);
  const blocks = [];
  let offset = 0;
  for (const [count, length] of groups) {
    for (let i = 0; i < count; i++) {
      const block = data.slice(offset, offset + length);
      offset += length;
      blocks.push({ data: block, ecc: rsRemainder(block, divisor) });
    }
  }
  const result = [];
  const longest = Math.max(...blocks.map((block) => block.data.length));
  for (let i = 0; i < longest; i++) for (const block of blocks) if (i < block.data.length) result.push(block.data[i]);
  for (let i = 0; i < eccLength; i++) for (const block of blocks) result.push(block.ecc[i]);
  return result;
}

/** The modules every code of `version` has, and which ones they are. */
function functionPatterns(version) {
  const size = version * 4 + 17;
  const modules = Array.from({ length: size }, () => new Array(size).fill(false));
  const reserved = Array.from({ length: size }, () => new Array(size).fill(false));
  const set = (x, y, dark) => {
    modules[y][x] = dark;
    reserved[y][x] = true;
  };
  for (let i = 0; i < size; i++) {
    set(6, i, i % 2 === 0);
    set(i, 6, i % 2 === 0);
  }
  for (const [cx, cy] of [[3, 3], [size - 4, 3], [3, size - 4]]) {
    for (let dy = -4; dy <= 4; dy++) {
      for (let dx = -4; dx <= 4; dx++) {
        const x = cx + dx;
        const y = cy + dy;
        const distance = Math.max(Math.abs(dx), Math.abs(dy));
        if (x >= 0 && x < size && y >= 0 && y < size) set(x, y, distance !== 2 && distance !== 4);
      }
    }
  }
  const centres = ALIGNMENT[version];
  const last = centres.length - 1;
  centres.forEach((cx, i) => {
    centres.forEach((cy, j) => {
      // The three corners a finder pattern holds.
      if ((i === 0 && j === 0) || (i === 0 && j === last) || (i === last && j === 0)) return;
      for (let dy = -2; dy <= 2; dy++) {
        for (let dx = -2; dx <= 2; dx++) set(cx + dx, cy + dy, Math.max(Math.abs(dx), Math.abs(dy)) !== 1);
      }
    });
  });
  drawFormat(set, size, 'M', 0); // reserves the format areas (drawn again with the mask)
  if (version >= 7) {
    let remainder = version;
    for (let i = 0; i < 12; i++) remainder = (remainder << 1) ^ ((remainder >>> 11) * 0x1f25);
    const bits = (version << 12) | remainder;
    for (let i = 0; i < 18; i++) {
      const dark = ((bits >>> i) & 1) === 1;
      const a = size - 11 + (i % 3);
      const b = Math.floor(i / 3);
      set(a, b, dark);
      set(b, a, dark);
    }
  }
  return { size, modules, reserved };
}

/** The 15 format bits (level and mask, BCH-protected, masked with 0x5412), both copies. */
function drawFormat(set, size, level, mask) {
  const data = (LEVEL_BITS[level] << 3) | mask;
  let remainder = data;
  for (let i = 0; i < 10; i++) remainder = (remainder << 1) ^ ((remainder >>> 9) * 0x537);
  const bits = ((data << 10) | remainder) ^ 0x5412;
  const bit = (i) => ((bits >>> i) & 1) === 1;
  for (let i = 0; i <= 5; i++) set(8, i, bit(i));
  set(8, 7, bit(6));
  set(8, 8, bit(7));
  set(7, 8, bit(8));
  for (let i = 9; i < 15; i++) set(14 - i, 8, bit(i));
  for (let i = 0; i < 8; i++) set(size - 1 - i, 8, bit(i));
  for (let i = 8; i < 15; i++) set(8, size - 15 + i, bit(i));
  set(8, size - 8, true); // the dark module
}

const MASKS = [
  (x, y) => (x + y) % 2 === 0,
  (x, y) => y % 2 === 0,
  (x) => x % 3 === 0,
  (x, y) => (x + y) % 3 === 0,
  (x, y) => (Math.floor(x / 3) + Math.floor(y / 2)) % 2 === 0,
  (x, y) => ((x * y) % 2) + ((x * y) % 3) === 0,
  (x, y) => (((x * y) % 2) + ((x * y) % 3)) % 2 === 0,
  (x, y) => (((x + y) % 2) + ((x * y) % 3)) % 2 === 0,
];

/** Places the codewords in the zigzag from the bottom right, skipping the timing column. */
function placeCodewords(modules, reserved, codewords) {
  const size = modules.length;
  let i = 0;
  for (let right = size - 1; right >= 1; right -= 2) {
    if (right === 6) right = 5;
    const upward = ((right + 1) & 2) === 0;
    for (let vertical = 0; vertical < size; vertical++) {
      const y = upward ? size - 1 - vertical : vertical;
      for (let j = 0; j < 2; j++) {
        const x = right - j;
        if (reserved[y][x] || i >= codewords.length * 8) continue;
        modules[y][x] = ((codewords[i >>> 3] >>> (7 - (i & 7))) & 1) === 1;
        i++;
      }
    }
  }
}

/** The standard's penalty for a masked symbol: runs, 2×2 blocks, finder look-alikes, balance. */
export function penalty(modules) {
  const size = modules.length;
  let score = 0;
  const lines = [];
  for (let y = 0; y < size; y++) lines.push(modules[y]);
  for (let x = 0; x < size; x++) lines.push(modules.map((row) => row[x]));
  const finderLike = [true, false, true, true, true, false, true];
  for (const line of lines) {
    let run = 1;
    for (let i = 1; i <= size; i++) {
      if (i < size && line[i] === line[i - 1]) {
        run++;
      } else {
        if (run >= 5) score += 3 + (run - 5);
        run = 1;
      }
    }
    for (let i = 0; i + 7 <= size; i++) {
      if (!finderLike.every((dark, k) => line[i + k] === dark)) continue;
      const lightBefore = [1, 2, 3, 4].every((k) => i - k < 0 || !line[i - k]);
      const lightAfter = [0, 1, 2, 3].every((k) => i + 7 + k >= size || !line[i + 7 + k]);
      if (lightBefore) score += 40;
      if (lightAfter) score += 40;
    }
  }
  let dark = 0;
  for (let y = 0; y < size; y++) {
    for (let x = 0; x < size; x++) {
      if (modules[y][x]) dark++;
      if (y + 1 < size && x + 1 < size) {
        const colour = modules[y][x];
        if (modules[y][x + 1] === colour && modules[y + 1][x] === colour && modules[y + 1][x + 1] === colour) score += 3;
      }
    }
  }
  score += Math.floor(Math.abs(dark * 20 - size * size * 10) / (size * size)) * 10;
  return score;
}

/**
 * Encodes `text` (as UTF-8) in the smallest version that holds it.
 * @param {string} text
 * @param {{level?: 'L' | 'M', mask?: number, minVersion?: number}} [options] a fixed mask (0–7)
 *   skips the search; `minVersion` makes a larger code than the text needs
 * @returns {{version: number, level: string, mask: number, size: number, modules: boolean[][]}}
 *   modules[y][x], true for dark
 */
export function encodeQR(text, { level = 'M', mask = null, minVersion = 1 } = {}) {
  if (!BLOCKS[level]) throw new RangeError(`Unsupported error correction level ${level}`);
  const bytes = Array.from(new TextEncoder().encode(text));
  let version = minVersion;
  const fits = (v) => 4 + (v < 10 ? 8 : 16) + bytes.length * 8 <= dataCapacity(v, level) * 8;
  while (version <= MAX_VERSION && !fits(version)) version++;
  if (version > MAX_VERSION) throw new RangeError(`Too long for a version ${MAX_VERSION} code: ${bytes.length} bytes`);
  const codewords = interleaved(dataCodewords(bytes, version, level), version, level);
  const base = functionPatterns(version);
  placeCodewords(base.modules, base.reserved, codewords);

  const masked = (candidate) => {
    const modules = base.modules.map((row, y) => row.map((dark, x) => (base.reserved[y][x] ? dark : dark !== MASKS[candidate](x, y))));
    drawFormat((x, y, dark) => {
      modules[y][x] = dark;
    }, base.size, level, candidate);
    return modules;
  };
  let best = mask;
  if (best === null) {
    let lowest = Infinity;
    for (let candidate = 0; candidate < MASKS.length; candidate++) {
      const score = penalty(masked(candidate));
      if (score < lowest) {
        lowest = score;
        best = candidate;
      }
    }
  }
  return { version, level, mask: best, size: base.size, modules: masked(best) };
}

/** The dark modules as one SVG path (a unit square each), inside a `border` of light ones. */
export function qrPath(qr, border = 4) {
  const parts = [];
  qr.modules.forEach((row, y) => {
    row.forEach((dark, x) => {
      if (dark) parts.push(`M${x + border},${y + border}h1v1h-1z`);
    });
  });
  return parts.join('');
}
