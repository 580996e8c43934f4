//===- Driver.h - the `proxyfence-ttgir` program ----------------*- C++ -*-===//
//
// `proxyfence check|fix|explain FILE` for TTGIR (and PTX, through the
// shared command line): the entry point of proxyfence-ttgir, which the
// `proxyfence` launcher runs for every input that is not .ptx. Kept in the
// library so it can be tested and reused.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_CHECKER_DRIVER_H
#define PROXYFENCE_CHECKER_DRIVER_H

namespace proxyfence {

/// Exit status: 0 clean (or fixed), 1 findings, 2 bad input or usage.
int proxyfenceMain(int argc, char **argv);

} // namespace proxyfence

#endif // PROXYFENCE_CHECKER_DRIVER_H
