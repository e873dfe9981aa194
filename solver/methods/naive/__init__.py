"""The naive searches (the Wrocław lecture, the Italian Python course): whole placements generated
and checked."""
