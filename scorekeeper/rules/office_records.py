"""The rules the office's own records are filed under, beside the computed discipline: a captain's notice of a
suspension, a suspension the office lifted, a fine it waived (each needs its rule's section in a refusal)."""

NOTICE_RULE = "SUSP-2"  # the captain is e-mailed a suspension before the team's next game
LIFT_RULE = "ELIG-2"  # a suspended player may not dress: lifting the suspension needs a reason
WAIVE_RULE = "FINE-STMT"  # a team's statement of fines: waiving one needs a reason
