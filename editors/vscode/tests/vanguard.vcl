// SYNTAX TEST "source.vcl" "vanguard declarations, effects and markup"

pack eye_of_the_void {
// <---- storage.type.pack.vcl
//   ^^^^^^^^^^^^^^^ entity.name.type.pack.vcl
  game vanguard
//^^^^ keyword.other.vcl
//     ^^^^^^^^ constant.language.game.vcl
  numbering 1..999 seed 7          // where @label logs take their numbers from
//          ^ constant.numeric.vcl
//           ^^ keyword.operator.range.vcl
//                                 ^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^^ comment.line.double-slash.vcl
}

log @hidden_chamber "The Hidden Chamber" { // allow W400
// <--- storage.type.log.vcl
//  ^^^^^^^^^^^^^^^ entity.name.function.log.vcl
//                  ^^^^^^^^^^^^^^^^^^^^ string.quoted.double.vcl
//                                         ^^^^^^^^^^^^^ comment.line.double-slash.allow.vcl
//                                            ^^^^^ keyword.other.allow.vcl
//                                                  ^^^^ constant.other.diagnostic-code.vcl
  if checked log 227 -> log @wake_up
//^^ keyword.control.vcl
//                   ^^ keyword.operator.goto.vcl
//                          ^^^^^^^^ variable.other.label.vcl
  text "Read {log 505}, take {card P101}, see {icon success} and *run*."
//     ^ punctuation.definition.string.begin.vcl
//           ^^^^^^^^^ meta.reference.vcl
//            ^^^ keyword.other.reference.vcl
//                ^^^ variable.other.reference.vcl
//                           ^^^^^^^^^^^ meta.reference.vcl
//                                 ^^^^ variable.other.reference.vcl
//                                            ^^^^^^^^^^^^^^ meta.icon.vcl
//                                                  ^^^^^^^ constant.language.icon.vcl
//                                                               ^^^^^ markup.italic.vcl
  text "She said \"no\" and left."
//               ^^ constant.character.escape.vcl
  text """
  Rows of **empty** alcoves; one is {log @warm}.
//        ^^^^^^^^^ markup.bold.vcl
//                                  ^^^^^^^^^^^ meta.reference.vcl
//                                       ^^^^^ variable.other.reference.vcl
  """
  gain success 1
//             ^ constant.numeric.vcl
  choice "Follow the tapping" -> log 228
//^^^^^^ keyword.control.vcl
//                                   ^^^ constant.numeric.vcl
}

poi P106 "Glass Garden" {
// <--- storage.type.poi.vcl
//  ^^^^ entity.name.function.poi.vcl
  action "Squeeze Through" danger 1 T {
    outcome green: scouting + physical => gain success 1; -> log 420
//          ^^^^^ constant.language.colour.vcl
//                                     ^^ keyword.operator.effects.vcl
//                                                      ^ punctuation.separator.vcl
  }
}

planet X1 "Thalassa" {
  mission M01
//        ^^^ constant.other.card-id.vcl
  path 1 <-> 2 [lose supplies 1]
//       ^^^ keyword.operator.two-way.vcl
}

log start "Wake-Up Call" {
// <--- storage.type.log.vcl
//  ^^^^^ entity.name.function.log.vcl
  -> log 2
}

rank_up "Steady Hands" {
// <------- storage.type.rank_up.vcl
  goal "Have 3 {icon success}."
//^^^^ keyword.other.vcl
}

planet X2 "Ice" {
  landing 14 { scan 1 "Thin air." }
//^^^^^^^ keyword.other.vcl
//             ^^^^ keyword.other.vcl
  system_map 7 "Tau Ceti" cost 2
//^^^^^^^^^^ keyword.other.vcl
  events if mission M02 revealed
//^^^^^^ keyword.other.vcl
}
