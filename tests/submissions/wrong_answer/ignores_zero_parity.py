# Mistake: forgets that stones divisible by 3 pass the turn, so their parity matters.
class Solution:
    def stoneGameIX(self, stones: List[int]) -> bool:
        ones = sum(1 for stone in stones if stone % 3 == 1)
        twos = sum(1 for stone in stones if stone % 3 == 2)
        return ones >= 1 and twos >= 1
