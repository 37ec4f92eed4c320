/** Places and mail domains of the benchmark's patients; their names come from the API's spanish-names.ts. */
export const CIUDADES = ['Madrid', 'Barcelona', 'Valencia', 'Sevilla', 'Zaragoza', 'Málaga', 'Murcia', 'Palma', 'Bilbao', 'Alicante', 'Córdoba', 'Valladolid', 'Vigo', 'Gijón', 'A Coruña', 'Granada', 'Vitoria-Gasteiz', 'Elche', 'Oviedo', 'Pamplona'];
export const VIAS = ['Calle', 'Avenida', 'Plaza', 'Paseo', 'Ronda', 'Camino'];
export const CALLES = ['Mayor', 'de Alcalá', 'Gran Vía', 'del Sol', 'de la Constitución', 'de España', 'Real', 'Nueva', 'de los Reyes Católicos', 'San Fernando', 'del Carmen', 'de Andalucía', 'Doctor Fleming', 'Príncipe de Vergara', 'de la Castellana', 'Colón', 'Cervantes', 'Federico García Lorca'];
export const DOMINIOS = ['gmail.com', 'hotmail.com', 'yahoo.es', 'outlook.es', 'hotmail.es', 'telefonica.net', 'icloud.com'];
