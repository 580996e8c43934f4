//===- ReplayMain.cpp - run a fuzz target on files, without libFuzzer ------===//
//
// The same target as the fuzzer, linked with this main instead of
// libFuzzer: it runs LLVMFuzzerTestOneInput once on each file named on the
// command line (or each file in a directory named there). The test suite
// uses it to replay the seed corpus and the regression inputs with any
// compiler; the fuzzing itself needs clang (scripts/fuzz.sh).
//
//===----------------------------------------------------------------------===//

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <cstdint>
#include <string>
#include <vector>

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int main(int argc, char **argv) {
  std::vector<std::string> files;
  for (int i = 1; i < argc; ++i) {
    if (!llvm::sys::fs::is_directory(argv[i])) {
      files.push_back(argv[i]);
      continue;
    }
    std::error_code ec;
    std::vector<std::string> inDir;
    for (llvm::sys::fs::directory_iterator it(argv[i], ec), end;
         it != end && !ec; it.increment(ec))
      if (!llvm::sys::fs::is_directory(it->path()))
        inDir.push_back(it->path());
    std::sort(inDir.begin(), inDir.end());
    files.insert(files.end(), inDir.begin(), inDir.end());
  }
  if (files.empty()) {
    llvm::errs() << "usage: " << argv[0] << " FILE|DIR...\n";
    return 2;
  }
  for (const std::string &file : files) {
    auto buffer = llvm::MemoryBuffer::getFile(file);
    if (!buffer) {
      llvm::errs() << file << ": " << buffer.getError().message() << "\n";
      return 2;
    }
    llvm::StringRef bytes = (*buffer)->getBuffer();
    LLVMFuzzerTestOneInput(reinterpret_cast<const uint8_t *>(bytes.data()),
                           bytes.size());
  }
  llvm::outs() << "replayed " << files.size() << " input"
               << (files.size() == 1 ? "" : "s") << "\n";
  return 0;
}
