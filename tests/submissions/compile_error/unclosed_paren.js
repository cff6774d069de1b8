var stoneGameIX = function(stones) {
  return (;
};
