"""clubs: hands of one to four cards are ranked as poker hands of that many cards, with straights
and flushes, in the order of their rarity (core.exposed.partial ranks face-up cards by pairs and
high cards only)."""
import clubs

three = clubs.Evaluator(4, 13, 3)  # clubs's evaluator for three-card hands (smaller is better)
for cards in ("2d 3d 4d", "6c 6s 7c", "Ad 2d 6d"):
    value = three.evaluate([], [clubs.Card(c) for c in cards.split()])
    print(cards, "->", three.get_rank_class(value), value)
