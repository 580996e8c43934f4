// RUN: proxyfence-opt %s --split-input-file --verify-diagnostics

// The nvws verifiers make the checks Triton 3.6's make (a stage of an aref
// buffer is the buffer less its leading dimension; the buffers of one aref
// have as many stages; one warp count per partition), and no more.

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @wrong_stage(%a: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>) {
    %r = nvws.aref.create %a : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>]>
    // expected-error @below {{is not one stage of}}
    %v, %t = nvws.aref.put.enter %r : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>]> -> !ttg.memdesc<64x64xf16, #shared, #smem, mutable, 3x128x64>, !ttg.async.token
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @wrong_count(%a: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>) {
    %r = nvws.aref.create %a : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>]>
    // expected-error @below {{returns 0 buffers for an aref of 1}}
    %t = nvws.aref.get.enter %r : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>]> -> !ttg.async.token
    tt.return
  }
}

// -----

#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
#smem = #ttg.shared_memory
module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @stages_differ(%a: !ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, %b: !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable>) {
    // expected-error @below {{the leading (stage) dimensions of the buffers differ}}
    %r = nvws.aref.create %a, %b : <[!ttg.memdesc<3x128x64xf16, #shared, #smem, mutable>, !ttg.memdesc<2x64x128xf16, #shared, #smem, mutable>]>
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  tt.func @warps_per_partition() {
    // expected-error @below {{has 1 partitions but 2 warp counts}}
    "nvws.warp_group"() ({
      "nvws.warp_group.return"() : () -> ()
    }) {numWarps = array<i32: 4, 4>} : () -> ()
    tt.return
  }
}

// -----

module attributes {"ttg.num-warps" = 4 : i32} {
  // expected-error @below {{!nvws.aref wraps a list of types, not 1 : i64}}
  tt.func @aref_of_attrs(%r: !nvws.aref<[1]>) {
    tt.return
  }
}
