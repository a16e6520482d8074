# French translations of the strings added or changed on branch ui-18
# (issue 18, window side), to merge into po/fr.po.
# For plural msgids the value is a list [singular, plural].
T = {
    # Sheets: odds as the history tells them; a way on from a dead end.
    "Routs on %d or less · %.0f %%": "Déroute sur %d ou moins · %.0f %%",
    "Cannot rout · %.0f %%": "Ne peut pas être en déroute · %.0f %%",
    "Cannot succeed · %.0f %%": "Ne peut pas réussir · %.0f %%",
    "Needs a 1 · %.0f %%": "Il faut un 1 · %.0f %%",
    "_Give Up the Action": "_Renoncer à l'action",
    "The unit’s action is lost, and the turn goes on (§6.1)": "L'action de l'unité est perdue, et le tour continue (§6.1)",
}
T.update({
    # Whose turn it is (P-06 step 5, P-08 step 2).
    "%s’s turn (initiative order): %s has still to act.": [
        "Au tour de %s (ordre d'initiative) : %s doit encore agir.",
        "Au tour de %s (ordre d'initiative) : %s doivent encore agir.",
    ],
    "%s Type a counter number or click a marker to declare; Pass (Ctrl+E) ends the grouping’s turn.":
        "%s Tapez un numéro de pion ou cliquez sur un marqueur pour déclarer ; Passer (Ctrl+E) termine le tour du groupement.",
    "_Pass": "_Passer",
    "End this grouping’s turn in the initiative order (Ctrl+E)":
        "Terminer le tour de ce groupement dans l'ordre d'initiative (Ctrl+E)",
    " %s’s turn; still to act: ": " Au tour de %s ; doivent encore agir : ",
    "Not available until their grouping’s turn:": "Indisponibles jusqu'au tour de leur groupement :",
    "%s — not available now: %s": "%s — indisponible pour l'instant : %s",
    # msgctxt "shortcut window" (ui/shortcuts-window.ui): context \x04 msgid, as gettext keys it.
    "shortcut window\x04End the grouping’s turn": "Terminer le tour du groupement",
    # Hiding before play (P-28, §9.1).
    "%s has %u hidden unit to place under a pile": [
        "%s a %u unité cachée à placer sous une pile",
        "%s a %u unités cachées à placer sous des piles",
    ],
    "Before play: %s. Do it now in the private view (Ctrl+H); other units may hide there too, by agreement (P-28, §9.1).":
        "Avant le jeu : %s. Faites-le maintenant dans la vue privée (Ctrl+H) ; d'autres unités peuvent s'y cacher aussi, d'un commun accord (P-28, §9.1).",
    "Before play: %s. Do it now in the private view (Ctrl+H) (P-28).":
        "Avant le jeu : %s. Faites-le maintenant dans la vue privée (Ctrl+H) (P-28).",
    "Before play: units may hide now in the private view (Ctrl+H), by agreement between the players (P-28, §9.1).":
        "Avant le jeu : des unités peuvent se cacher maintenant dans la vue privée (Ctrl+H), d'un commun accord entre les joueurs (P-28, §9.1).",
    "; ": " ; ",
})
T.update({
    # The private view's hide form: the power suit's mode, set in secret (T-19, A-126).
    "Stealth power mode": "Mode furtif",
    "Set in secret; out of it, the unit is easier to detect (T-19, A-126)":
        "Réglé en secret ; hors de ce mode, l'unité est plus facile à détecter (T-19, A-126)",
})
T.update({
    # Steps are simultaneous (§6.1, A-18): the squad log says what a hit costs.
    "%s — loses its action as the step ends": "%s — perd son action à la fin de l'étape",
    "Loses its action": "Perd son action",
})
T.update({
    # A unit picked out of its grouping's turn (P-08 step 2).
    "%s Cannot Act Yet": "%s ne peut pas encore agir",
})
