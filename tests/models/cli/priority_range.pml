/* a priority out of 1..255 */
active proctype p() priority 300 { skip }
