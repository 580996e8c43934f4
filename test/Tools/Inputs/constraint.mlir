tt.func @f(%b: tensor<1xi64>) {
  "ttng.init_barrier"(%b) <{count = 1 : i32}> : (tensor<1xi64>) -> ()
  tt.return
}
