//===- Driver.h - the `proxyfence` command line -----------------*- C++ -*-===//
//
// `proxyfence check|fix|explain FILE`: the entry point the tool's main()
// calls, kept in the library so it can be tested and reused.
//
//===----------------------------------------------------------------------===//

#ifndef PROXYFENCE_CHECKER_DRIVER_H
#define PROXYFENCE_CHECKER_DRIVER_H

namespace proxyfence {

/// Exit status: 0 clean (or fixed), 1 findings, 2 bad input or usage.
int proxyfenceMain(int argc, char **argv);

} // namespace proxyfence

#endif // PROXYFENCE_CHECKER_DRIVER_H
