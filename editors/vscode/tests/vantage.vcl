// SYNTAX TEST "source.vcl" "vantage locations, exits, storybook actions and cards"

location 101 "Tidal Flats" {
// <-------- storage.type.location.vcl
//       ^^^ entity.name.function.location.vcl
  north 102 walk
//^^^^^ keyword.other.direction.vcl
//          ^^^^ keyword.other.vcl
  east *
//     ^ keyword.operator.vcl
  look "Scan the horizon" cost 2 {
//^^^^ keyword.other.vcl
    result {
//  ^^^^^^ keyword.control.vcl
      text "Half buried lies {card 1201}."
//                           ^^^^^^^^^^^ meta.reference.vcl
      gain card 1201
    }
  }
}

depart 101 east "Wade out" cost 1 {
// <------ storage.type.depart.vcl
//     ^^^ entity.name.function.depart.vcl
//         ^^^^ keyword.other.direction.vcl
  text "You wade in {location 140}."
//                  ^^^^^^^^^^^^^^ meta.reference.vcl
}

card 1201 item "Driftwood" {
// <---- storage.type.card.vcl
//   ^^^^ entity.name.function.card.vcl
//        ^^^^ support.type.card-kind.vcl
  vertical
  boost 2
}

location 000 "Landfall" {
  level daring time 4 morale 4 health 4 recommended
//^^^^^ keyword.other.vcl
//                                      ^^^^^^^^^^^ keyword.other.vcl
  take "Haggle" cost 2 skill charm excludes help {
//                     ^^^^^ keyword.other.vcl
//                                 ^^^^^^^^ keyword.other.vcl
    result {
      pay coin 2 => gain card 1201
//    ^^^ keyword.control.vcl
    }
  }
}
