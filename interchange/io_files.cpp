// Files, standard input, dispatch on "format" (validate), and the byte cap
// for streams of unknown size. Nothing here reads a whole stream into
// memory: a pipe is read once, the bytes the format sniffer consumed are
// kept and handed to the reader again before the rest of the stream.
#include <array>
#include <filesystem>
#include <fstream>
#include <iostream>
#include <streambuf>
#include <utility>

#include "interchange/io.h"
#include "interchange/io_rules.h"
#include "interchange/io_walk.h"

namespace regcon {
namespace io {
namespace {

constexpr std::size_t kChunk = 1 << 16;

std::string documentName(const std::string& path) {
  return path == "-" ? "<stdin>" : path;
}

void openFile(const std::string& path, std::ifstream& file) {
  std::error_code error;
  if (std::filesystem::is_directory(path, error)) {
    throw InputError(path + ": cannot open: is a directory");
  }
  file.open(path, std::ios::binary);
  if (!file) throw InputError(path + ": cannot open: no such readable file");
}

// Reads a file, or standard input for "-", with `read`.
template <typename Read>
auto readPath(const std::string& path, Read read) {
  if (path == "-") return read(std::cin, documentName(path));
  std::ifstream file;
  openFile(path, file);
  return read(file, path);
}

// Reads `source` in chunks; while recording it keeps what it handed out, so
// that after replay() a second reader sees the same bytes from the start.
class ReplayBuffer : public std::streambuf {
 public:
  explicit ReplayBuffer(std::streambuf& source) : source_(source) {}

  void replay() {
    replaying_ = true;
    setg(nullptr, nullptr, nullptr);
  }

 protected:
  int_type underflow() override {
    if (replaying_ && !recorded_.empty()) {
      current_ = std::move(recorded_);
      recorded_.clear();
      setg(current_.data(), current_.data(), current_.data() + current_.size());
      return traits_type::to_int_type(*gptr());
    }
    const std::streamsize got = source_.sgetn(chunk_.data(), kChunk);
    if (got <= 0) return traits_type::eof();
    if (!replaying_) recorded_.append(chunk_.data(), got);
    current_ = std::string();  // the replayed bytes are done with: free them
    setg(chunk_.data(), chunk_.data(), chunk_.data() + got);
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::streambuf& source_;
  bool replaying_ = false;
  std::string recorded_;
  std::string current_;
  std::array<char, kChunk> chunk_{};
};

// Finds the top-level "format" value, stopping as soon as it is read (or
// at the first byte that is not JSON).
struct FormatSniffer {
  std::size_t depth = 0;
  bool atFormat = false;
  std::optional<json> format;

  bool value(json&& v) {
    if (atFormat) format = std::move(v);
    return !atFormat && depth > 0;
  }
  bool null() { return value(json()); }
  bool boolean(bool v) { return value(json(v)); }
  bool number_integer(json::number_integer_t v) { return value(json(v)); }
  bool number_unsigned(json::number_unsigned_t v) { return value(json(v)); }
  bool number_float(json::number_float_t v, const json::string_t&) {
    return value(json(v));
  }
  bool string(json::string_t& v) { return value(json(v)); }
  bool binary(json::binary_t&) { return false; }
  bool start_object(std::size_t) { return open(json::object()); }
  bool start_array(std::size_t) { return depth > 0 && open(json::array()); }
  bool open(json&& container) {
    if (atFormat) return value(std::move(container));
    ++depth;
    return true;
  }
  bool end_object() { return --depth > 0; }
  bool end_array() { return --depth > 0; }
  bool key(json::string_t& k) {
    atFormat = depth == 1 && k == "format";
    return true;
  }
  bool parse_error(std::size_t, const std::string&,
                   const nlohmann::detail::exception&) {
    return false;
  }
};

const char* const kKnownFormats =
    "build3d.chf, build3d.settings, build3d.regions, build3d.contours, "
    "build3d.result";

// The document's format; `rewind` puts `in` back at its first byte.
template <typename Rewind>
std::string sniffFormat(std::istream& in, const std::string& name,
                        Rewind rewind) {
  FormatSniffer sniffer;
  json::sax_parse(in, &sniffer, json::input_format_t::json, true);
  rewind();
  const Where where{name, ""};
  if (!sniffer.format) {
    // Let the walk name the real problem (bad JSON, not an object).
    walk(in, name, skipNode());
    where.fail("format",
               std::string("missing (expected one of ") + kKnownFormats + ")");
  }
  if (!sniffer.format->is_string()) {
    where.fail("format", "must be a string naming the document type, found " +
                             describe(*sniffer.format));
  }
  return sniffer.format->get<std::string>();
}

void readAs(const std::string& format, std::istream& in,
            const std::string& name) {
  if (format == kChfFormat) {
    readHeightfield(in, name);
  } else if (format == kSettingsFormat) {
    readSettings(in, name);
  } else if (format == kRegionsFormat) {
    readRegions(in, name);
  } else if (format == kContoursFormat) {
    readContours(in, name);
  } else if (format == kResultFormat) {
    readResult(in, name);
  } else {
    Where{name, ""}.fail("format", "unknown format " + json(format).dump() +
                                       " (expected one of " + kKnownFormats +
                                       ")");
  }
}

// A regular file is read twice (sniff, then read); anything else (standard
// input, pipes, devices) once, through a ReplayBuffer.
std::string validateStream(std::streambuf& source, const std::string& name) {
  ReplayBuffer buffer(source);
  std::istream in(&buffer);
  const std::string format = sniffFormat(in, name, [&] {
    in.clear();
    buffer.replay();
  });
  readAs(format, in, name);
  return format;
}

// Hands out at most `cap` bytes of `source`; past them it ends the stream
// and remembers that it did.
class CappedBuffer : public std::streambuf {
 public:
  CappedBuffer(std::streambuf& source, std::uint64_t cap)
      : source_(source), left_(cap) {}

  bool exceeded() const { return exceeded_; }

 protected:
  int_type underflow() override {
    if (left_ == 0) {
      exceeded_ = source_.sgetc() != traits_type::eof();
      return traits_type::eof();
    }
    const std::streamsize want =
        static_cast<std::streamsize>(std::min<std::uint64_t>(left_, kChunk));
    const std::streamsize got = source_.sgetn(chunk_.data(), want);
    if (got <= 0) return traits_type::eof();
    left_ -= static_cast<std::uint64_t>(got);
    setg(chunk_.data(), chunk_.data(), chunk_.data() + got);
    return traits_type::to_int_type(*gptr());
  }

 private:
  std::streambuf& source_;
  std::uint64_t left_;
  bool exceeded_ = false;
  std::array<char, kChunk> chunk_{};
};

}  // namespace
}  // namespace io

Heightfield readHeightfieldFile(const std::string& path) {
  return io::readPath(path, [](std::istream& in, const std::string& name) {
    return readHeightfield(in, name);
  });
}

Settings readSettingsFile(const std::string& path) {
  return io::readPath(path, [](std::istream& in, const std::string& name) {
    return readSettings(in, name);
  });
}

std::string validateFile(const std::string& path) {
  const std::string name = io::documentName(path);
  if (path == "-") return io::validateStream(*std::cin.rdbuf(), name);
  std::ifstream file;
  io::openFile(path, file);
  std::error_code error;
  if (!std::filesystem::is_regular_file(path, error)) {
    return io::validateStream(*file.rdbuf(), name);
  }
  const std::string format = io::sniffFormat(file, name, [&] {
    file.clear();
    file.seekg(0);
  });
  io::readAs(format, file, name);
  return format;
}

StageResult readCappedResult(std::istream& in, const std::string& document,
                             const ByteCap& cap) {
  io::CappedBuffer capped(*in.rdbuf(), cap.bytes);
  std::istream limited(&capped);
  try {
    return readResult(limited, document);
  } catch (const InputError&) {
    if (!capped.exceeded()) throw;
    throw InputError(document + ": larger than " + std::to_string(cap.bytes) +
                     " bytes, the limit (" + cap.raise + ")");
  }
}

}  // namespace regcon
