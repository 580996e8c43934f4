//===- StatisticABI.h - llvm::Statistic as the MLIR libraries see it -----===//
//
// Force-included into every proxyfence translation unit. llvm::Statistic is
// TrackingStatistic when NDEBUG is undefined and NoopStatistic otherwise.
// proxyfence keeps assertions on (NDEBUG undefined) while Debian builds
// LLVM/MLIR with NDEBUG, so without this header mlir::Pass::Statistic would
// have one layout in our code and another in libMLIRPass, which constructs
// it. Including Statistic.h once with NDEBUG defined makes both agree
// (the statistics are then no-ops, as in the installed MLIR; proxyfence's
// passes report their counts through remarks instead).
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_STATISTICABI_H
#define PROXYFENCE_STATISTICABI_H

#ifdef __cplusplus
#ifndef NDEBUG
#define NDEBUG
#include "llvm/ADT/Statistic.h"
#undef NDEBUG
// Statistic.h's includes may have pulled in <cassert> with NDEBUG set.
#include <cassert>
#else
#include "llvm/ADT/Statistic.h"
#endif
#endif

#endif // PROXYFENCE_STATISTICABI_H
