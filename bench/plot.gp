# ns per span against size, per stage, from the bench CSV (bench/tables.py):
# the optimized implementation on one thread (solid) and Recast (dashed),
# every input of the run.
#   gnuplot -e "csv='build/bench/bench.csv'; out='build/bench/bench.svg'" bench/plot.gp
set terminal svg size 960,600 dynamic font "sans,12"
set output out
set datafile separator ","
set key outside right top
set logscale x
set logscale y
set xlabel "spans"
set ylabel "ns per span (median CPU time, one thread)"
set grid
stages = "distance watershed monotone layers layer-first contours whole"
# Column 3 spans, 4 stage, 5 impl, 6 threads, 12 ns_per_span.
pick(stage, impl) = (strcol(4) eq stage && strcol(5) eq impl && \
                     strcol(6) eq "1" && strcol(12) ne "") ? $12 : NaN
plot for [i=1:words(stages)] csv skip 1 \
       using 3:(pick(word(stages, i), "optimized")) smooth unique \
       with linespoints lc i dt 1 title word(stages, i)." optimized", \
     for [i=1:words(stages)] csv skip 1 \
       using 3:(pick(word(stages, i), "recast")) smooth unique \
       with linespoints lc i dt 2 title word(stages, i)." Recast"
