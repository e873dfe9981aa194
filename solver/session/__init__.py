"""A board the learner steps, whatever the front end: :class:`~solver.session.board.BoardSession`
(kit, engine, view, overlay, guess mode, runs, frame) and the long runs it plays on a worker thread
(:mod:`solver.session.runs`)."""
