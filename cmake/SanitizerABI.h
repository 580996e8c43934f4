//===- SanitizerABI.h - LLVM's allocators as the MLIR libraries see them --===//
//
// Force-included into every proxyfence translation unit of a sanitizer
// build (PROXYFENCE_SANITIZE, and so the fuzz build). Our code is compiled
// with -fsanitize=address; the installed LLVM/MLIR libraries are not. Under
// clang, llvm/Support/Compiler.h sees __has_feature(address_sanitizer) and
// makes BumpPtrAllocator poison each new slab and unpoison what it hands
// out. The allocator's out-of-line parts (AllocateSlow) instantiated in our
// objects are then also the ones the linker gives the uninstrumented MLIR
// code, whose inlined fast path never unpoisons: MLIR's own objects (the
// AbstractType of a registered type) land in poisoned memory, and the first
// intercepted memcpy into them fails. Making the poisoning calls no-ops in
// our code keeps both sides consistent; ASan still checks every heap
// allocation and our own accesses.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_SANITIZERABI_H
#define PROXYFENCE_SANITIZERABI_H

#ifdef __cplusplus
#include "llvm/Support/Compiler.h"
#undef __asan_poison_memory_region
#undef __asan_unpoison_memory_region
#define __asan_poison_memory_region(p, size) ((void)(p), (void)(size))
#define __asan_unpoison_memory_region(p, size) ((void)(p), (void)(size))
#endif

#endif // PROXYFENCE_SANITIZERABI_H
