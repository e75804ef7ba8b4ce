// The logbook. 1000 is the Starting Log; the rest take their numbers from the range.
log 1000 "Landfall on the Glacier" {
  text """
  The lander settles on a shelf of blue ice. Every sound you make comes back to you
  a moment later, a little wrong.
  """
  set condition G11
  place threat T11 in sector 4
  return
}

log @ice_caves "The Ice Caves" {
  if checked log @crevasse -> log @caves_known
  text "The caves swallow your lamps' light. Something large has worn a path here."
  progress threat T11
  if threat T11 here -> log @stalker_close
  return
}

log @stalker_close "Breath on Your Neck" {
  text "The Stalker was waiting in the dark. A second shape moves behind it."
  spend die for all crew
  place standee T11 in sector 2
  return
}

log @caves_known "Familiar Dark" {
  text "You know the song now, and follow it past the Stalker's path."
  gain unique 40
  reveal mission M13
  return
}

log @crevasse "The Song Beneath" {
  check
  text """
  Deep in the crevasse the ice is hollow. The echo comes from a frozen lake to the
  east: {card P202} will show where.
  """
  roll d10
  if d10 1 to 3 -> log @ice_gives_way
  place poi P202 in sector 3
  return
}

log @ice_gives_way "The Ice Gives Way" {
  text "The crevasse lip breaks under someone's boot."
  gain injury "Frostbite" for random crew
  place poi P202 in sector 3
  return
}

log @mast_raised "The Mast Stands" {
  text "The mast creaks upright. Far above, the orbiter answers your ping."
  gain success 2
  gain shipbook 7
  return
}

log @lift_off "Lift-Off" {
  if has unique 40 -> log @with_the_stone
  if has discovery xenological -> log @with_the_stone
  else -> log @empty_handed
}

log @with_the_stone "What the Stone Remembers" {
  text "The Echo Stone whispers the whole way home."
  gain success 1
  return to shipbook
}

log @empty_handed "Silence" {
  text "The glacier falls silent behind you."
  return to shipbook
}

log @evac "Evacuation" {
  text "The Away Team is pulled out half-frozen."
  return to rulebook
}
