"""``queens-tutor serve --lti CONFIG``: the tutor as an LTI 1.3 tool of course sites, on pylti1p3
(the optional extra ``lti``)."""
