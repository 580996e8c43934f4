// RUN: proxyfence-opt %s --split-input-file --verify-diagnostics --proxyfence-fence-insertion
// RUN: proxyfence-opt %s --split-input-file --verify-diagnostics --proxyfence-proxy-fence-insertion
// RUN: proxyfence-opt %s --split-input-file --proxyfence-fence-pipeline=compute-capability=90 | FileCheck %s

// The fence passes must know the target; a wrong guess would silently do
// nothing (below sm_90 there is nothing to fence). An unreadable ttg.target
// is an error unless compute-capability= is given, which then wins. (Found
// by fuzz/TTGIRFuzzer.cpp: "c:da:90".) A module without ttg.target runs at
// 90, the default of Triton's own option (test/Dialect/TritonNvidiaGPU/
// default-compute-capability.mlir).

// expected-error @+1 {{cannot tell the compute capability from ttg.target = "c:da:90": expected "cuda:" and a number, e.g. "cuda:90"}}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "c:da:90"} {
  tt.func @bad_target() {
    tt.return
  }
}

// -----

// expected-error @+1 {{cannot tell the compute capability from ttg.target = "cuda:": expected "cuda:" and a number}}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = "cuda:"} {
  tt.func @empty_number() {
    tt.return
  }
}

// -----

// expected-error @+1 {{cannot tell the compute capability from ttg.target = 90 : i32: expected a string such as "cuda:90"}}
module attributes {"ttg.num-warps" = 4 : i32, ttg.target = 90 : i32} {
  tt.func @not_a_string() {
    tt.return
  }
}

// CHECK-LABEL: tt.func @bad_target
// CHECK-LABEL: tt.func @empty_number
// CHECK-LABEL: tt.func @not_a_string
