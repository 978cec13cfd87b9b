// Written from the algorithm in RFC 1321.
#include "base/md5.h"

#include <cstdint>
#include <cstring>

namespace hivelineage::output {
namespace {

constexpr uint32_t kShift[64] = {7,  12, 17, 22, 7,  12, 17, 22, 7,  12, 17, 22, 7,  12, 17, 22, 5,  9,  14, 20, 5,  9,
                                 14, 20, 5,  9,  14, 20, 5,  9,  14, 20, 4,  11, 16, 23, 4,  11, 16, 23, 4,  11, 16, 23,
                                 4,  11, 16, 23, 6,  10, 15, 21, 6,  10, 15, 21, 6,  10, 15, 21, 6,  10, 15, 21};

// floor(abs(sin(i + 1)) * 2^32), as the RFC tabulates.
constexpr uint32_t kSine[64] = {
    0xd76aa478, 0xe8c7b756, 0x242070db, 0xc1bdceee, 0xf57c0faf, 0x4787c62a, 0xa8304613, 0xfd469501,
    0x698098d8, 0x8b44f7af, 0xffff5bb1, 0x895cd7be, 0x6b901122, 0xfd987193, 0xa679438e, 0x49b40821,
    0xf61e2562, 0xc040b340, 0x265e5a51, 0xe9b6c7aa, 0xd62f105d, 0x02441453, 0xd8a1e681, 0xe7d3fbc8,
    0x21e1cde6, 0xc33707d6, 0xf4d50d87, 0x455a14ed, 0xa9e3e905, 0xfcefa3f8, 0x676f02d9, 0x8d2a4c8a,
    0xfffa3942, 0x8771f681, 0x6d9d6122, 0xfde5380c, 0xa4beea44, 0x4bdecfa9, 0xf6bb4b60, 0xbebfbc70,
    0x289b7ec6, 0xeaa127fa, 0xd4ef3085, 0x04881d05, 0xd9d4d039, 0xe6db99e5, 0x1fa27cf8, 0xc4ac5665,
    0xf4292244, 0x432aff97, 0xab9423a7, 0xfc93a039, 0x655b59c3, 0x8f0ccc92, 0xffeff47d, 0x85845dd1,
    0x6fa87e4f, 0xfe2ce6e0, 0xa3014314, 0x4e0811a1, 0xf7537e82, 0xbd3af235, 0x2ad7d2bb, 0xeb86d391};

uint32_t RotateLeft(uint32_t x, uint32_t c) { return (x << c) | (x >> (32 - c)); }

// One step of a round: F is the round's function, g the message word, i the step.
#define HIVELINEAGE_MD5_STEP(F, g, i)                                        \
  do {                                                                       \
    const uint32_t next = b + RotateLeft(a + (F) + kSine[i] + m[g], kShift[i]); \
    a = d;                                                                   \
    d = c;                                                                   \
    c = b;                                                                   \
    b = next;                                                                \
  } while (0)

// The four rounds as four loops of sixteen steps (rather than one loop
// choosing its round at each step), which the compiler unrolls with the
// message index and shift as constants: about a third of the instructions.
void Block(uint32_t state[4], const unsigned char* p) {
  uint32_t m[16];
  for (int i = 0; i < 16; ++i)
    m[i] = uint32_t{p[i * 4]} | (uint32_t{p[i * 4 + 1]} << 8) | (uint32_t{p[i * 4 + 2]} << 16) |
           (uint32_t{p[i * 4 + 3]} << 24);
  uint32_t a = state[0], b = state[1], c = state[2], d = state[3];
#pragma GCC unroll 16
  for (uint32_t i = 0; i < 16; ++i) HIVELINEAGE_MD5_STEP((b & c) | (~b & d), i, i);
#pragma GCC unroll 16
  for (uint32_t i = 16; i < 32; ++i) HIVELINEAGE_MD5_STEP((d & b) | (~d & c), (5 * i + 1) % 16, i);
#pragma GCC unroll 16
  for (uint32_t i = 32; i < 48; ++i) HIVELINEAGE_MD5_STEP(b ^ c ^ d, (3 * i + 5) % 16, i);
#pragma GCC unroll 16
  for (uint32_t i = 48; i < 64; ++i) HIVELINEAGE_MD5_STEP(c ^ (b | ~d), (7 * i) % 16, i);
  state[0] += a;
  state[1] += b;
  state[2] += c;
  state[3] += d;
}

#undef HIVELINEAGE_MD5_STEP

}  // namespace

std::string Md5Hex(std::string_view data) {
  uint32_t state[4] = {0x67452301, 0xefcdab89, 0x98badcfe, 0x10325476};
  const auto* p = reinterpret_cast<const unsigned char*>(data.data());
  const size_t n = data.size();
  size_t i = 0;
  for (; i + 64 <= n; i += 64) Block(state, p + i);
  // Tail: the rest, a 1 bit, zeros, and the bit length (little-endian).
  unsigned char tail[128] = {};
  const size_t rest = n - i;
  std::memcpy(tail, p + i, rest);
  tail[rest] = 0x80;
  const size_t tail_len = rest < 56 ? 64 : 128;
  const uint64_t bits = static_cast<uint64_t>(n) * 8;
  for (int k = 0; k < 8; ++k) tail[tail_len - 8 + k] = static_cast<unsigned char>(bits >> (8 * k));
  Block(state, tail);
  if (tail_len == 128) Block(state, tail + 64);
  static constexpr char kHex[] = "0123456789abcdef";
  std::string out;
  out.reserve(32);
  for (uint32_t word : state)
    for (int k = 0; k < 4; ++k) {
      const unsigned byte = (word >> (8 * k)) & 0xff;
      out.push_back(kHex[byte >> 4]);
      out.push_back(kHex[byte & 15]);
    }
  return out;
}

}  // namespace hivelineage::output
