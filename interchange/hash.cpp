#include "interchange/hash.h"

#include <openssl/evp.h>

#include <array>
#include <memory>
#include <stdexcept>

namespace regcon {

std::string sha256Int32(const std::vector<int32_t>& values) {
  std::vector<unsigned char> bytes;
  bytes.reserve(values.size() * 4);
  for (int32_t v : values) {
    const auto u = static_cast<uint32_t>(v);
    for (int shift = 0; shift < 32; shift += 8) {
      bytes.push_back(static_cast<unsigned char>((u >> shift) & 0xffu));
    }
  }
  std::array<unsigned char, EVP_MAX_MD_SIZE> digest{};
  unsigned int length = 0;
  if (EVP_Digest(bytes.data(), bytes.size(), digest.data(), &length,
                 EVP_sha256(), nullptr) != 1) {
    throw std::runtime_error("SHA-256 failed (OpenSSL EVP_Digest)");
  }
  static const char* hex = "0123456789abcdef";
  std::string out;
  for (unsigned int i = 0; i < length; ++i) {
    out.push_back(hex[digest[i] >> 4]);
    out.push_back(hex[digest[i] & 15]);
  }
  return out;
}

std::string hashDistances(const std::vector<int>& distances) {
  std::vector<int32_t> seq;
  seq.reserve(distances.size() + 1);
  seq.push_back(static_cast<int32_t>(distances.size()));
  seq.insert(seq.end(), distances.begin(), distances.end());
  return sha256Int32(seq);
}

std::string hashRegions(const RegionResult& regions) {
  std::vector<int32_t> seq;
  seq.reserve(regions.regions.size() + 2);
  seq.push_back(static_cast<int32_t>(regions.regions.size()));
  seq.push_back(regions.regionCount);
  seq.insert(seq.end(), regions.regions.begin(), regions.regions.end());
  return sha256Int32(seq);
}

std::string hashContours(const ContourSet& contours) {
  std::vector<int32_t> seq;
  seq.push_back(static_cast<int32_t>(contours.contours.size()));
  seq.push_back(contours.rawFallbacks);
  seq.push_back(contours.droppedHoles);
  for (const Contour& c : contours.contours) {
    seq.push_back(c.region);
    seq.push_back(c.area);
    seq.push_back(static_cast<int32_t>(c.vertices.size()));
    for (const ContourVertex& v : c.vertices) {
      seq.insert(seq.end(), {v.x, v.y, v.z, v.neighbor});
    }
  }
  return sha256Int32(seq);
}

}  // namespace regcon
