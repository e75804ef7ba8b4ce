log 31 "Ridge Again" {  // expect: E205@1
  return
}

poi P210 "Cairn" {
  final
}

poi P210 "Second Cairn" {  // expect: E205@1
  final
}
