#shared = #ttg.nvmma_shared<{swizzlingByteWidth = 128, transposed = false, elementBitWidth = 16}>
module {
  tt.func @f() {
    ttng.not_an_op
    tt.return
  }
}
