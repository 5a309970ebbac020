export { FLIGHT_ROLES, FlightLeftError, type FlightAnswer, type FlightRole, type Flights, type ShareOptions } from './flights.js';
export { MemoryFlights } from './memory.js';
export { RedisFlights, type RedisFlightsOptions } from './redis.js';
