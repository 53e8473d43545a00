GG4ecirgFnXUP2KIG+wkVswdYgoG/ccGmnl/FtIO+51s+j3fQ/Ldy03oAnRrZoK6x9J0zhvj5N/iMbjupqY7Ag==
