//===- proxyfence-ttgir.cpp - the MLIR half of `proxyfence` --------------===//
//
// `proxyfence` runs this program for every input that is not .ptx; it
// takes the same command line (lib/Checker/Driver.cpp).
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Checker/Driver.h"

int main(int argc, char **argv) { return proxyfence::proxyfenceMain(argc, argv); }
