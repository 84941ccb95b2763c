#!/usr/bin/env bash
# Makes the small demo clips and posters the seed points at (web/public/demos). Run once by hand; the output
# is committed, so neither CI nor a newcomer needs ffmpeg. Needs Debian's ffmpeg and fonts-dejavu-core.
set -euo pipefail
out="$(cd "$(dirname "$0")/../../web/public/demos" && pwd)"
font=/usr/share/fonts/truetype/dejavu/DejaVuSans-Bold.ttf

# slug | title | curve: y of the plotted line as a function of X (pixels) and T (seconds)
clips=(
  "straddle|Straddle|180+60*sin(X/45+T*1.6)*cos(X/170)"
  "strangle|Strangle|180+70*exp(-X/500)*sin(X/30-T*2)"
  "spread|Spread|180+80*tanh((X-320)/90+sin(T*1.3))"
  "straddle-rsi|Straddle RSI|180+90*sin(X/60+T)*sin(X/23-T*0.7)"
  "option-greeks|Option Greeks|180-110*(1/(1+exp(-(X-320-60*sin(T))/60))-0.5)"
  "iv|IV|180+50*sin(X/80+T)+30*sin(X/19-T*2.2)"
)

for clip in "${clips[@]}"; do
  IFS='|' read -r slug title curve <<<"$clip"
  line="lte(abs(Y-(${curve})),2.2)"
  grid="eq(mod(X,80),0)+eq(mod(Y,60),0)"
  ffmpeg -loglevel error -y -f lavfi -i "color=c=0x0b1220:s=640x360:r=15:d=6,format=rgb24" \
    -vf "geq=r='if(${line},52,if(${grid},30,11))':g='if(${line},211,if(${grid},42,18))':b='if(${line},153,if(${grid},66,32))',drawtext=fontfile=${font}:text='${title}':x=24:y=20:fontsize=30:fontcolor=0xe8eef8,drawtext=fontfile=${font}:text='Demo':x=24:y=58:fontsize=18:fontcolor=0x34d399" \
    -c:v libx264 -preset veryslow -crf 30 -pix_fmt yuv420p -movflags +faststart -an "$out/$slug.mp4"
  ffmpeg -loglevel error -y -ss 2 -i "$out/$slug.mp4" -frames:v 1 -c:v libwebp -quality 55 "$out/$slug.webp"
done
ls -l "$out"
