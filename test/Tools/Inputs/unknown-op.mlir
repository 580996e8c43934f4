tt.func @f() {
  ttng.not_an_op
  tt.return
}
