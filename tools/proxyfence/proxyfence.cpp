//===- proxyfence.cpp - check, fix and explain proxy fences --------------===//
//
// The user-facing CLI; all of it lives in lib/Checker/Driver.cpp.
//
//===----------------------------------------------------------------------===//

#include "proxyfence/Checker/Driver.h"

int main(int argc, char **argv) { return proxyfence::proxyfenceMain(argc, argv); }
