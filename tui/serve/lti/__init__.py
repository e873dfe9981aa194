"""``queens-tutor serve --lti CONFIG``: the tutor as an LTI 1.3 tool of course sites (Moodle,
Canvas...), on pylti1p3 (the optional extra ``lti``): launches checked (tool.py), each course's
students, links and scores kept in its own store (courses.py), scores sent back (scores.py),
the routes (routes.py), the tool's keys and what an administrator pastes (setup.py).
"""
